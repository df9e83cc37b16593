package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A FIFO in place of {@code state.json}, or of its lock file: every command that reads the state
 * returns promptly with one error line naming the file (opening the FIFO would block it for good),
 * and {@code plugin state repair} sets the FIFO aside.
 */
class FifoStateFileTest {
    /** Far longer than a command takes, far shorter than a blocked open. */
    private static final Duration PROMPTLY = Duration.ofSeconds(30);

    @TempDir
    Path root;

    Map<String, String> env;
    Path v1;

    @BeforeEach
    void home() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project"));
        v1 = TrustCommandsTest.pyecho(root.resolve("v1"), "");
    }

    Cli.Run animus(String... args) {
        return assertTimeoutPreemptively(
                PROMPTLY,
                () -> Cli.inProject(env, root.resolve("project"), args),
                () -> String.join(" ", args) + " blocked: something opened a FIFO");
    }

    static void mkfifo(Path path) throws IOException, InterruptedException {
        Files.createDirectories(path.getParent());
        Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
    }

    static final List<List<String>> READING_THE_STATE = List.of(
            List.of("plugin", "lock", "verify"),
            List.of("plugin", "inspect", "pyecho"),
            List.of("plugin", "doctor"),
            List.of("plugin", "trust", "pyecho", "--yes"),
            List.of("plugin", "enable", "pyecho"),
            List.of("plugin", "remove", "pyecho", "--yes"),
            List.of("plugin", "call", "pyecho", "echo"));

    @Test
    void theFifoStateFile() throws Exception {
        Path state = root.resolve("home/state/state.json");
        mkfifo(state);

        for (List<String> command : READING_THE_STATE) {
            Cli.Run r = animus(command.toArray(String[]::new));
            assertTrue(r.exitCode() != 0, command + ": " + r.out() + r.err());
            assertTrue(
                    r.errLine()
                            .contains(state + ": (document): it is a special file (FIFO, socket or device),"
                                    + " not a regular file"),
                    command + ": " + r.err());
        }
        Cli.Run install = animus("plugin", "install", "--path", v1.toString(), "--no-trust");
        assertEquals(1, install.exitCode(), install.err());

        Cli.Run repair = animus("plugin", "state", "repair", "--yes");
        assertEquals(0, repair.exitCode(), repair.out() + repair.err());
        assertTrue(Files.notExists(state), "set aside");
        assertEquals(
                0,
                animus("plugin", "install", "--path", v1.toString(), "--no-trust")
                        .exitCode(),
                "a fresh state after it");
    }

    @Test
    void aFifoInPlaceOfTheStateLock() throws Exception {
        Path lock = root.resolve("home/state/.state.lock");
        mkfifo(lock);

        for (List<String> command : READING_THE_STATE) {
            Cli.Run r = animus(command.toArray(String[]::new));
            assertTrue(r.exitCode() != 0, command + ": " + r.out() + r.err());
            assertTrue(
                    r.errLine()
                            .contains(
                                    lock + ": it is a special file (FIFO, socket or device), not a regular" + " file"),
                    command + ": " + r.err());
        }
    }
}
