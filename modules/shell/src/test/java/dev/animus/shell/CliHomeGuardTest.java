package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tests' own guard: no run of a shell test reaches a home that is not the test's own. */
class CliHomeGuardTest {
    @TempDir
    Path dir;

    @Test
    void aRunWithoutItsOwnAnimusHomeIsRefusedBeforeItStarts() {
        Map<String, String> env = Cli.env(dir);
        env.remove("ANIMUS_HOME"); // HOME/.animus would be used
        assertThrows(IllegalStateException.class, () -> Cli.runWith(env, "", "plugin", "list"));
    }

    @Test
    void aHomeOutsideTheTestsOwnDirectoryIsRefused() {
        String tmp = System.getProperty("java.io.tmpdir");
        Map<String, String> shared = Cli.env(dir);
        shared.put("HOME", tmp); // $TMPDIR itself: every run would share it
        assertThrows(IllegalStateException.class, () -> Cli.runWith(shared, "", "plugin", "list"));
        Map<String, String> real = Cli.env(dir);
        real.put(
                "ANIMUS_HOME",
                Path.of(System.getProperty("user.home"), ".animus").toString());
        assertThrows(IllegalStateException.class, () -> Cli.runWith(real, "", "plugin", "list"));
        assertFalse(Files.exists(dir.resolve("home")), "a refused run wrote its home");
    }

    @Test
    void neitherTheTemporaryDirectoryNorTheUserHomeCanBeMadeATestsOwn() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        assertThrows(IllegalArgumentException.class, () -> Cli.ownDirectory(tmp));
        assertThrows(IllegalArgumentException.class, () -> Cli.ownDirectory(Path.of(System.getProperty("user.home"))));
    }

    @Test
    void aChildProcessGetsTheTestsDirectoryAsItsHome() {
        Map<String, String> inherited = new HashMap<>(Map.of(
                "HOME",
                System.getProperty("user.home"),
                "ANIMUS_HOME",
                dir.resolve("home").toString()));
        assertEquals(
                dir.toAbsolutePath().normalize().toString(),
                Cli.childEnvironment(inherited, dir).get("HOME"));
    }
}
