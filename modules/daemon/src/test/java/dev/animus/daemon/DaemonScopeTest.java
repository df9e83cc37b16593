package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonScopeTest {
    @TempDir
    Path dir;

    private Map<String, String> env() {
        return Map.of("ANIMUS_HOME", dir.resolve("home").toString());
    }

    @Test
    void theIdIsTheFirstSixteenHexDigitsOfTheRootsSha256() throws Exception {
        Path project = Files.createDirectories(dir.resolve("my project"));
        DaemonScope scope = DaemonScope.of(env(), Optional.of(project), dir);
        assertEquals(project.toRealPath(), scope.root());
        // computed apart from the code under test: sha256sum over the path's bytes
        Process p = new ProcessBuilder("sha256sum").start();
        p.getOutputStream().write(project.toRealPath().toString().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String sum = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertEquals(0, p.waitFor());
        assertEquals(sum.substring(0, 16), scope.id());
        assertEquals(scope.runDirectory().resolve(scope.id() + ".sock"), scope.socket());
        assertEquals(scope.id() + ".pid", scope.pidFile().getFileName().toString());
        assertEquals(scope.id() + ".lock", scope.lockFile().getFileName().toString());
        assertEquals(scope.id() + ".json", scope.infoFile().getFileName().toString());
        assertEquals(scope.id() + ".log", scope.logFile().getFileName().toString());
        assertEquals(
                scope.id() + ".plugins.json", scope.pluginsFile().getFileName().toString());
        // per scope: the run directory is shared by the daemons of every project
        assertEquals(scope.runDirectory().resolve(scope.id() + ".web.token"), scope.webTokenFile());
    }

    @Test
    void aLinkedRootHasTheScopeOfItsTarget() throws Exception {
        Path project = Files.createDirectories(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), project);
        assertEquals(DaemonScope.of(env(), Optional.of(project), dir), DaemonScope.of(env(), Optional.of(link), dir));
    }

    @Test
    void withoutAGivenRootTheNearestAncestorWithAnAnimusDirectoryIsTheProject() throws Exception {
        Path project = Files.createDirectories(dir.resolve("p"));
        Files.createDirectories(project.resolve(".animus"));
        Path deep = Files.createDirectories(project.resolve("src/main"));
        assertEquals(
                project.toRealPath(),
                DaemonScope.of(env(), Optional.empty(), deep).root());
        // a given root wins
        assertEquals(
                deep.toRealPath(),
                DaemonScope.of(env(), Optional.of(deep), project).root());
    }

    @Test
    void withoutAProjectTheWorkingDirectoryIsTheRootAndTheDefaultHomeMakesNoProject() throws Exception {
        Path user = Files.createDirectories(dir.resolve("user"));
        Files.createDirectories(user.resolve(".animus")); // the default home, ~/.animus
        Path work = Files.createDirectories(user.resolve("work"));
        DaemonScope scope = DaemonScope.of(Map.of("HOME", user.toString()), Optional.empty(), work);
        assertNotEquals(user.toRealPath(), scope.root(), "the default home made its parent a project");
        assertEquals(user.resolve(".animus/run"), scope.runDirectory());
        for (Path up = dir.toRealPath(); up != null; up = up.getParent()) {
            // a stray .animus above the test's directory (another program's /tmp/.animus) would be the project
            Assumptions.assumeFalse(Files.isDirectory(up.resolve(".animus")), up + " holds an .animus directory");
        }
        assertEquals(work.toRealPath(), scope.root());
    }

    @Test
    void aMissingRootIsRefusedByName() {
        DaemonFailure f = assertThrows(
                DaemonFailure.class, () -> DaemonScope.of(env(), Optional.of(dir.resolve("nowhere")), dir));
        assertEquals(DaemonFailure.Reason.PROJECT_ROOT, f.reason());
        assertTrue(f.getMessage().contains("nowhere"), f.getMessage());
    }

    @Test
    void theRunDirectoryIsUnderXdgRuntimeDirWhenSetElseUnderTheHome() {
        Path runtime = dir.resolve("xdg");
        DaemonScope xdg = DaemonScope.of(
                Map.of("ANIMUS_HOME", dir.resolve("home").toString(), "XDG_RUNTIME_DIR", runtime.toString()),
                Optional.of(dir),
                dir);
        assertEquals(runtime.resolve("animus"), xdg.runDirectory());
        assertEquals(
                dir.resolve("home/run"),
                DaemonScope.of(env(), Optional.of(dir), dir).runDirectory());
    }

    @Test
    void theRunDirectoryIsCreatedOwnerOnly() throws IOException {
        DaemonScope scope = DaemonScope.of(env(), Optional.of(dir), dir);
        Path run = scope.ensureRunDirectory();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(run)));
        assertEquals(run, scope.ensureRunDirectory()); // an existing one that is right is kept
    }

    @Test
    void aRunDirectoryOpenToOthersIsRefused() throws IOException {
        DaemonScope scope = DaemonScope.of(env(), Optional.of(dir), dir);
        Path run = scope.ensureRunDirectory();
        Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwxr-xr-x"));
        DaemonFailure f = assertThrows(DaemonFailure.class, scope::ensureRunDirectory);
        assertEquals(DaemonFailure.Reason.RUN_DIRECTORY, f.reason());
        assertTrue(f.getMessage().contains(run.toString()) && f.getMessage().contains("rwxr-xr-x"), f.getMessage());
        assertTrue(f.fix().orElseThrow().contains("chmod 700"), f.fix().toString());
    }

    @Test
    void aRunDirectoryThatIsALinkIsRefused() throws IOException {
        Path target = Files.createDirectories(dir.resolve("elsewhere"));
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
        Files.createDirectories(dir.resolve("home"));
        Files.createSymbolicLink(dir.resolve("home/run"), target);
        DaemonScope scope = DaemonScope.of(env(), Optional.of(dir), dir);
        DaemonFailure f = assertThrows(DaemonFailure.class, scope::ensureRunDirectory);
        assertTrue(f.getMessage().contains("symbolic link"), f.getMessage());
    }

    @Test
    void aRunDirectoryOfAnotherUserIsRefused() throws Exception {
        long uid = Procfs.selfUid().orElseThrow();
        DaemonScope scope;
        if (uid == 0) {
            // root can give a directory away: to nobody
            scope = DaemonScope.of(env(), Optional.of(dir), dir);
            Path run = scope.ensureRunDirectory();
            Files.setAttribute(run, "unix:uid", 65534);
        } else {
            // everyone else finds one of root's
            scope = new DaemonScope(dir.toRealPath(), DaemonScope.idOf(dir.toRealPath()), Path.of("/root"));
        }
        DaemonFailure f = assertThrows(DaemonFailure.class, scope::ensureRunDirectory);
        assertEquals(DaemonFailure.Reason.RUN_DIRECTORY, f.reason());
        assertTrue(f.getMessage().contains("belongs to another user"), f.getMessage());
    }

    @Test
    void aMissingXdgRuntimeDirIsNotCreated() {
        Path runtime = dir.resolve("no-such-runtime");
        DaemonScope scope = DaemonScope.of(
                Map.of("ANIMUS_HOME", dir.toString(), "XDG_RUNTIME_DIR", runtime.toString()), Optional.of(dir), dir);
        DaemonFailure f = assertThrows(DaemonFailure.class, scope::ensureRunDirectory);
        assertTrue(f.getMessage().contains(runtime.toString()), f.getMessage());
        assertTrue(!Files.exists(runtime));
    }

    @Test
    void aSocketPathOverOneHundredAndSevenBytesIsRefusedNeverTruncated() throws Exception {
        Path root = dir.toRealPath();
        String id = DaemonScope.idOf(root);
        // <run>/<16 hex>.sock: 22 bytes after the directory and its slash
        int base = dir.toRealPath().toString().length() + 1;
        Path exact = dir.toRealPath().resolve("r".repeat(DaemonScope.MAX_SOCKET_PATH_BYTES - base - 22));
        DaemonScope fits = new DaemonScope(root, id, exact);
        assertEquals(DaemonScope.MAX_SOCKET_PATH_BYTES, fits.socket().toString().length());
        fits.checkSocketPath();
        DaemonScope over = new DaemonScope(root, id, exact.resolveSibling(exact.getFileName() + "x"));
        DaemonFailure f = assertThrows(DaemonFailure.class, over::checkSocketPath);
        assertEquals(DaemonFailure.Reason.SOCKET_PATH_TOO_LONG, f.reason());
        assertTrue(f.getMessage().contains(over.socket().toString()), f.getMessage());
        assertTrue(f.getMessage().contains("108 bytes"), f.getMessage());
        assertTrue(f.fix().orElseThrow().contains("XDG_RUNTIME_DIR"), f.fix().toString());
        assertTrue(!f.getMessage().contains("\n"));
    }

    @Test
    void multiByteCharactersCountAsTheirBytes() throws Exception {
        Path root = dir.toRealPath();
        int base = root.toString().length() + 1;
        // each 'é' is two bytes in UTF-8: one character fewer than the byte budget still overflows
        int chars = (DaemonScope.MAX_SOCKET_PATH_BYTES - base - 22) / 2 + 1;
        DaemonScope scope = new DaemonScope(root, DaemonScope.idOf(root), root.resolve("é".repeat(chars)));
        assertThrows(DaemonFailure.class, scope::checkSocketPath);
    }
}
