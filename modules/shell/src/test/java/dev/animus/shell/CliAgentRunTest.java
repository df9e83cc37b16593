package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code animus agent run --provider cli} end to end: the real shell and the real cli provider (the
 * launcher plugins/cli's build writes, installed from its path into one home for the class), running
 * the command a project's {@code .animus/providers/cli.toml} names. A filter's output is the answer;
 * Ctrl-C ends a long-running command and every process it started.
 */
class CliAgentRunTest {
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @TempDir
    static Path dir;

    private static Map<String, String> env;

    @BeforeAll
    static void installTheProvider() {
        env = Cli.env(dir);
        FirstPartyProviders.install(env, FirstPartyProviders.launcher("animus.cli.launcher"), "cli");
    }

    /** A project whose cli.toml runs {@code sh -c script}. */
    private static Path project(String name, String script) throws IOException {
        Path root = dir.resolve(name);
        Path config = Files.createDirectories(root.resolve(".animus/providers")).resolve("cli.toml");
        Files.writeString(config, "command = [\"sh\", \"-c\", \"" + script.replace("\"", "\\\"") + "\"]\n");
        return root;
    }

    @Test
    void aFilterCommandStreamsThePromptUpperCased() throws IOException {
        Path project = project("upper", "tr a-z A-Z");
        Cli.Run r = Cli.inProject(env, project, "agent", "run", "--provider", "cli", "--prompt", "hello");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("HELLO\n", r.out());
    }

    @Test
    void ctrlCEndsALongRunningCommandAndItsChildren() throws Exception {
        Path pids = dir.resolve("pids");
        Path project = project(
                "long", "sleep 300 & b=$!; sleep 300 & f=$!; echo \"$$ $b $f\" > '" + pids + "'; echo started; wait");
        Path stderr = dir.resolve("cancel.stderr");
        Process p = FirstPartyProviders.start(
                env,
                dir,
                stderr,
                "--project-root",
                project.toString(),
                "agent",
                "run",
                "--provider",
                "cli",
                "--prompt",
                "work");
        try {
            FirstPartyProviders.readUntil(p, FirstPartyProviders.stdout(p), "started", stderr);
            List<Long> command = new ArrayList<>();
            for (String pid : Files.readString(pids).strip().split(" ")) {
                command.add(Long.parseLong(pid));
            }
            assertEquals(3, command.size(), command.toString());
            command.forEach(pid -> assertFalse(gone(pid), "process " + pid + " of the command runs"));

            FirstPartyProviders.interrupt(p);
            int code = FirstPartyProviders.exitCode(p, stderr);
            String err = Files.readString(stderr);
            assertEquals(130, code, err);
            assertTrue(err.contains("cancelling session"), err);
            assertFalse(err.contains("warning"), "the provider confirmed: " + err);
            for (long pid : command) {
                awaitGone(pid);
            }
        } finally {
            p.destroyForcibly();
        }
    }

    /** Whether process {@code pid} has ended (a zombie has: no one may reap it in a container). */
    private static boolean gone(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state == 'Z' || state == 'X';
        } catch (IOException e) {
            return true; // no /proc entry: gone (or it went while being read)
        }
    }

    /** Waits (at most {@link #PATIENCE}) for {@code pid} to end, waking when it does. */
    private static void awaitGone(long pid) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!gone(pid)) {
            assertTrue(System.nanoTime() < deadline, "process " + pid + " of the cancelled command still runs");
            ProcessHandle.of(pid).ifPresent(h -> {
                try {
                    h.onExit().get(100, TimeUnit.MILLISECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    // checked again above: a zombie never "exits" for onExit
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }
}
