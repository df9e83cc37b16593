package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The unit's text against goldens ({@code -Danimus.golden.update=true} rewrites them under
 * src/test/resources/golden/systemd/; review the diff), its path, and install and uninstall with
 * and without a {@code systemctl} (a stand-in script on the {@code PATH} that logs its arguments).
 */
class SystemdUnitTest {
    @TempDir
    Path dir;

    private static final Path LAUNCHER = Path.of("/opt/animus/bin/animus");

    private static SystemdUnit unit(String root, Optional<Path> home) {
        Path r = Path.of(root);
        return new SystemdUnit(r, DaemonScope.idOf(r), LAUNCHER, home);
    }

    @Test
    void aPlainProject() throws IOException {
        golden("plain.service", unit("/home/op/project", Optional.empty()).text());
    }

    @Test
    void pathsWithSpacesQuotesPercentAndDollarAreWrittenTheWaySystemdReadsThem() throws IOException {
        SystemdUnit u = new SystemdUnit(
                Path.of("/home/op/my \"big\" project 100% $HOME"),
                "0123456789abcdef",
                Path.of("/opt/my animus/bin/animus"),
                Optional.of(Path.of("/home/op/animus home")));
        golden("spaces.service", u.text());
    }

    @Test
    void systemdReadsTheQuotedCommandLineAsWritten() throws Exception {
        Path analyze = Path.of("/usr/bin/systemd-analyze");
        Assumptions.assumeTrue(Files.isExecutable(analyze), "no systemd-analyze here");
        Path root = Files.createDirectories(dir.resolve("my \"big\" project 100% $HOME"));
        Path launcher = Files.createDirectories(dir.resolve("my animus/bin")).resolve("animus");
        Files.writeString(launcher, "#!/bin/sh\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        SystemdUnit good = new SystemdUnit(root, "0123456789abcdef", launcher, Optional.of(dir.resolve("a home")));
        assertEquals("", verify(analyze, good), "systemd-analyze verify found fault");
        // the check can fail: a launcher that is not there is reported by its whole (quoted) path
        SystemdUnit missing =
                new SystemdUnit(root, "0123456789abcdef", dir.resolve("no such/animus"), Optional.empty());
        assertTrue(verify(analyze, missing).contains(dir.resolve("no such/animus") + " is not executable"));
    }

    private String verify(Path analyze, SystemdUnit unit) throws Exception {
        Path file = Files.createDirectories(dir.resolve("units")).resolve(unit.name());
        Files.writeString(file, unit.text());
        Process p = new ProcessBuilder(analyze.toString(), "verify", file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int code = p.waitFor();
        return code == 0 ? out : "exit " + code + ": " + out;
    }

    @Test
    void aLineBreakInAPathIsRefused() {
        DaemonFailure f = assertThrows(
                DaemonFailure.class,
                () -> unit("/home/op/a\nb", Optional.empty()).text());
        assertEquals(DaemonFailure.Reason.UNIT, f.reason());
        assertFalse(f.getMessage().contains("\n"), f.getMessage());
        assertThrows(
                DaemonFailure.class,
                () -> unit("/home/op/trailing ", Optional.empty()).text());
    }

    @Test
    void ofTakesTheScopeAndAnimusHomeFromTheEnvironment() throws IOException {
        Path project = Files.createDirectories(dir.resolve("p"));
        Map<String, String> env = Map.of("ANIMUS_HOME", dir.resolve("h").toString());
        DaemonScope scope = DaemonScope.of(env, Optional.of(project), dir);
        SystemdUnit u = SystemdUnit.of(scope, LAUNCHER, env);
        assertEquals("animus-" + scope.id() + ".service", u.name());
        assertEquals(Optional.of(dir.resolve("h")), u.animusHome());
        assertTrue(
                u.text().contains("ExecStart=/opt/animus/bin/animus --project-root " + scope.root() + " daemon run\n"));
        assertEquals(Optional.empty(), SystemdUnit.of(scope, LAUNCHER, Map.of()).animusHome());
    }

    @Test
    void theUnitFileIsUnderXdgConfigHomeElseHomeDotConfig() {
        SystemdUnit u = unit("/p", Optional.empty());
        assertEquals(Path.of("/x/systemd/user/" + u.name()), u.path(Map.of("XDG_CONFIG_HOME", "/x", "HOME", "/h")));
        assertEquals(Path.of("/h/.config/systemd/user/" + u.name()), u.path(Map.of("HOME", "/h")));
        assertThrows(DaemonFailure.class, () -> u.path(Map.of()));
    }

    @Test
    void withoutSystemctlInstallWritesTheFileAndSaysWhatToRun() throws IOException {
        SystemdUnit u = unit("/home/op/project", Optional.empty());
        Map<String, String> env =
                Map.of("HOME", dir.toString(), "PATH", dir.resolve("empty").toString());
        SystemdUnit.Change c = u.install(env);
        assertEquals(dir.resolve(".config/systemd/user/" + u.name()), c.unitFile());
        assertEquals(u.text(), Files.readString(c.unitFile()));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(c.unitFile())));
        assertEquals(List.of(), c.ran());
        assertEquals(List.of("systemctl --user daemon-reload && systemctl --user enable --now " + u.name()), c.toRun());
        SystemdUnit.Change removed = u.uninstall(env);
        assertFalse(Files.exists(c.unitFile()));
        assertEquals(
                List.of("systemctl --user disable --now " + u.name(), "systemctl --user daemon-reload"),
                removed.toRun());
    }

    @Test
    void withSystemctlAndAUserBusInstallReloadsAndUninstallDisablesAndReloads() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path log = dir.resolve("systemctl.log");
        Path systemctl = bin.resolve("systemctl");
        Files.writeString(systemctl, "#!/bin/sh\necho \"$*\" >> " + log + "\necho ok\n");
        Files.setPosixFilePermissions(systemctl, PosixFilePermissions.fromString("rwx------"));
        Map<String, String> env = Map.of(
                "HOME",
                dir.toString(),
                "PATH",
                bin + ":/usr/bin:/bin",
                "DBUS_SESSION_BUS_ADDRESS",
                "unix:path=/nonexistent");
        SystemdUnit u = unit("/home/op/project", Optional.empty());
        SystemdUnit.Change c = u.install(env);
        assertEquals(List.of(new SystemdUnit.Ran("systemctl --user daemon-reload", 0, "ok")), c.ran());
        assertEquals(List.of("systemctl --user enable --now " + u.name()), c.toRun());
        assertEquals(List.of("--user daemon-reload"), Files.readAllLines(log));
        SystemdUnit.Change removed = u.uninstall(env);
        assertEquals(List.of(), removed.toRun());
        assertEquals(
                List.of("--user daemon-reload", "--user disable --now " + u.name(), "--user daemon-reload"),
                Files.readAllLines(log));
        assertFalse(Files.exists(c.unitFile()));
    }

    @Test
    void aFailingSystemctlLeavesItsCommandToTheOperator() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path systemctl = bin.resolve("systemctl");
        Files.writeString(systemctl, "#!/bin/sh\necho 'Failed to connect to bus' >&2\nexit 1\n");
        Files.setPosixFilePermissions(systemctl, PosixFilePermissions.fromString("rwx------"));
        Path runtime = Files.createDirectories(dir.resolve("run"));
        Files.createFile(runtime.resolve("bus"));
        Map<String, String> env =
                Map.of("HOME", dir.toString(), "PATH", bin.toString(), "XDG_RUNTIME_DIR", runtime.toString());
        SystemdUnit u = unit("/home/op/project", Optional.empty());
        SystemdUnit.Change c = u.install(env);
        assertEquals(1, c.ran().get(0).exitCode());
        assertEquals("Failed to connect to bus", c.ran().get(0).output());
        assertEquals(List.of("systemctl --user daemon-reload && systemctl --user enable --now " + u.name()), c.toRun());
    }

    private static void golden(String name, String actual) throws IOException {
        Path source = Path.of("src/test/resources/golden/systemd").resolve(name);
        if (Boolean.getBoolean("animus.golden.update")) {
            Files.createDirectories(source.getParent());
            Files.writeString(source, actual);
            return;
        }
        try (InputStream in = SystemdUnitTest.class.getResourceAsStream("/golden/systemd/" + name)) {
            assertTrue(in != null, "no golden " + name + ": run with -Danimus.golden.update=true");
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual);
        }
    }
}
