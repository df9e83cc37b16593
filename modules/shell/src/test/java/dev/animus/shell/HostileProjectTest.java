package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project directory written by an attacker: code that lies beside a trusted plugin, or that a
 * relative {@code PATH} entry points at, never runs, whichever command the operator types there.
 * Each planted program writes a marker file when it runs; the tests assert the marker is absent.
 */
class HostileProjectTest {
    @TempDir
    Path root;

    Map<String, String> env;
    Path project;
    Path marker;

    @BeforeEach
    void home() throws IOException {
        env = Cli.env(root);
        project = Files.createDirectories(root.resolve("project"));
        marker = root.resolve("planted-code-ran");
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, project, args);
    }

    static Path executable(Path p, String text) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    /** A program that leaves the marker behind and fails. */
    String planted() {
        return "#!/bin/sh\necho ran >> '" + marker + "'\nexit 3\n";
    }

    Path projectPlugin(String file, Path copyOf) throws IOException {
        return executable(project.resolve(".animus/plugins").resolve(file), Files.readString(copyOf));
    }

    @Test
    void aCopyOfATrustedPythonScriptBesideAShadowingModuleRunsWithoutIt() throws IOException {
        Path copy = projectPlugin("animus-plugin-pyecho", Path.of(Cli.pythonEcho()));
        Files.writeString(copy.resolveSibling("json.py"), "open('" + marker + "', 'a').write('ran')\n");
        Cli.Run trust = animus("plugin", "trust", copy.toString(), "--yes");
        assertEquals(0, trust.exitCode(), trust.err());
        for (int i = 0; i < 2; i++) {
            Cli.Run list = animus("plugin", "list");
            assertFalse(Files.exists(marker), "the project's json.py ran");
            assertEquals(0, list.exitCode(), list.err());
            assertTrue(list.out().contains("pyecho"), list.out());
        }
        Cli.Run json = animus("plugin", "list", "--json");
        assertTrue(json.out().contains("\"name\": \"pyecho\"") && !json.out().contains("probe failed"), json.out());
    }

    @Test
    void aCopyOfTheJavaExampleBesideAFakeJavaRunsNoJavaOfTheProject() throws IOException {
        Path example = Path.of(System.getProperty("animus.examples.dir"))
                .resolve("../jlink/src/image/examples/echo/animus-plugin-echo")
                .normalize();
        Path copy = projectPlugin("animus-plugin-echo", example);
        // what the example would have taken for an image two directories up from itself
        executable(project.resolve("bin/java"), planted());
        Files.writeString(project.resolve("release"), "MODULES=\"java.base dev.animus.examples.echo\"\n");
        assertEquals(0, animus("plugin", "trust", copy.toString(), "--yes").exitCode());
        Cli.Run list = animus("plugin", "list");
        assertEquals(0, list.exitCode(), list.err());
        assertFalse(Files.exists(marker), "the project's bin/java ran");
        // this host runs on a JDK without the example's module: the probe fails and says so
        assertTrue((list.out() + list.err()).contains("no Animus image to run on"), list.out() + list.err());
    }

    @Test
    void aRelativePathEntryCannotChooseAnInstalledScriptsInterpreter() throws IOException {
        Path plugin = executable(root.resolve("src/animus-plugin-pyecho"), Files.readString(Path.of(Cli.pythonEcho())));
        // plugins start in the caller's directory (this JVM's): a relative entry leading from it to bin/
        Path bin = Files.createDirectories(project.resolve("bin"));
        executable(bin.resolve("python3"), planted());
        String relative = Path.of("").toAbsolutePath().relativize(bin).toString();
        env.put("PATH", relative + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        for (String[] step : new String[][] {
            {"plugin", "install", "--path", plugin.toString(), "--trust", "--yes"},
            {"plugin", "consent", "pyecho", "--yes"},
            {"plugin", "enable", "pyecho"}
        }) {
            Cli.Run r = animus(step);
            assertFalse(Files.exists(marker), "the project's bin/python3 ran at " + String.join(" ", step));
            assertEquals(0, r.exitCode(), String.join(" ", step) + ": " + r.err());
        }
        Cli.Run call = animus("plugin", "call", "pyecho", "echo", "--params", "{\"x\":1}");
        assertFalse(Files.exists(marker), "the project's bin/python3 ran");
        assertEquals(0, call.exitCode(), call.err());
        assertTrue(call.out().contains("\"x\""), call.out());
        Cli.Run inspect = animus("plugin", "inspect", "pyecho");
        assertTrue(
                inspect.out()
                        .lines()
                        .anyMatch(l -> l.startsWith("interpreter") && l.contains("/python3") && !l.contains(relative)),
                inspect.out());
    }

    @Test
    void aFailedProbeIsCachedByDigestUntilTheCacheIsCleared() throws IOException {
        Path counter = root.resolve("probes");
        Path broken = executable(
                project.resolve(".animus/plugins/animus-plugin-broken"),
                "#!/bin/sh\necho probed >> '" + counter + "'\necho 'no manifest today' >&2\nexit 3\n");
        assertEquals(0, animus("plugin", "trust", broken.toString(), "--yes").exitCode());
        for (int i = 0; i < 3; i++) {
            Cli.Run list = animus("plugin", "list");
            assertTrue((list.out() + list.err()).contains("no manifest today"), list.out() + list.err());
        }
        assertEquals(1, Files.readAllLines(counter).size(), "a broken binary costs one probe, not one per listing");
        assertEquals(0, animus("plugin", "cache", "clear").exitCode());
        animus("plugin", "list");
        assertEquals(2, Files.readAllLines(counter).size(), "after 'plugin cache clear' it is probed again");
    }

    @Test
    void aSparseEightGibibyteFileIsListedWithoutBeingHashed() throws IOException {
        Path big = project.resolve(".animus/plugins/animus-plugin-big");
        Files.createDirectories(big.getParent());
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(8L << 30);
        }
        Files.setPosixFilePermissions(big, PosixFilePermissions.fromString("rwxr-xr-x"));
        Cli.Run list = animus("plugin", "list", "--json");
        assertEquals(0, list.exitCode(), list.err());
        assertTrue(list.out().contains("larger than 256 MiB") && list.out().contains("not hashed"), list.out());
        assertFalse(list.out().contains("\"sha256\""), "nothing was hashed: " + list.out());
    }
}
