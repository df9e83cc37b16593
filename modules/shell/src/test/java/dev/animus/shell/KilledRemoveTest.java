package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code plugin remove} SIGKILLed between its state commit and its lockfile write, in its own
 * JVM (stopped exactly there by the {@code animus.crashpoint} seam), leaves a pin of a plugin that
 * is not installed: {@code lock verify} fails naming it and the fix, and the advised fix (or the
 * remove run again) makes {@code lock verify} pass.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KilledRemoveTest {
    @TempDir
    Path root;

    Map<String, String> env;
    Process child;

    @BeforeEach
    void installed() throws IOException {
        env = Cli.env(root);
        Files.createDirectories(root.resolve("project"));
        Path plugin = TrustCommandsTest.pyecho(root.resolve("v1"), "");
        Cli.Run install = animus("plugin", "install", "--path", plugin.toString(), "--trust", "--yes");
        assertEquals(0, install.exitCode(), install.err());
        assertEquals(0, animus("plugin", "lock", "verify").exitCode());
    }

    @AfterEach
    void noChildLeft() throws InterruptedException {
        if (child != null && child.isAlive()) {
            child.destroyForcibly().waitFor();
        }
    }

    Cli.Run animus(String... args) {
        return Cli.inProject(env, root.resolve("project"), args);
    }

    /** {@code plugin remove pyecho} in a child JVM, SIGKILLed once its state commit is on disk. */
    void removeKilledAfterTheStateCommit() throws IOException, InterruptedException {
        List<String> cmd = AnimusJvm.command("-Danimus.crashpoint=remove.state-committed");
        cmd.addAll(
                List.of("--project-root", root.resolve("project").toString(), "plugin", "remove", "pyecho", "--yes"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(env);
        Cli.childEnvironment(pb.environment(), root);
        child = pb.start();
        StringBuilder err = new StringBuilder();
        boolean reached = false;
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(child.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; !reached && (line = lines.readLine()) != null; ) {
                err.append(line).append('\n');
                reached = line.endsWith("animus-crashpoint: remove.state-committed"); // a warning of the log
            }
            assertTrue(reached, "the remove never stopped after its state commit: " + err);
            child.destroyForcibly(); // SIGKILL
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        }
        assertEquals(137, child.exitValue(), "killed by SIGKILL");
    }

    @Test
    void aKilledRemoveFollowedByTheAdvisedFix() throws Exception {
        removeKilledAfterTheStateCommit();

        Cli.Run verify = animus("plugin", "lock", "verify");
        assertEquals(1, verify.exitCode(), verify.out() + verify.err());
        assertTrue(verify.out().contains("pyecho") && verify.out().contains("not installed"), verify.out());
        Path lockfile = root.resolve("home/plugins.lock");
        assertEquals(
                "error: the plugin pyecho is pinned in " + lockfile + " but not installed: install it again, or"
                        + " run 'animus plugin lock prune' to drop its pin",
                verify.errLine());

        Cli.Run dry = animus("plugin", "lock", "prune", "--dry-run");
        assertEquals(0, dry.exitCode(), dry.err());
        assertTrue(dry.out().startsWith("would drop the pin of pyecho (sha256 "), dry.out());
        assertEquals(1, animus("plugin", "lock", "verify").exitCode(), "a dry run changes nothing");

        Cli.Run prune = animus("plugin", "lock", "prune");
        assertEquals(0, prune.exitCode(), prune.err());
        assertTrue(prune.out().startsWith("dropped the pin of pyecho (sha256 "), prune.out());

        Cli.Run after = animus("plugin", "lock", "verify");
        assertEquals(0, after.exitCode(), after.out() + after.err());
        assertFalse(Files.readString(lockfile).contains("pyecho"));
        Cli.Run again = animus("plugin", "lock", "prune");
        assertEquals(0, again.exitCode(), again.err());
        assertTrue(again.out().contains("nothing to prune"), again.out());
    }

    @Test
    void aKilledRemoveRunAgainFinishesTheJob() throws Exception {
        removeKilledAfterTheStateCommit();

        Cli.Run remove = animus("plugin", "remove", "pyecho", "--yes");
        assertEquals(0, remove.exitCode(), remove.err());
        assertTrue(remove.out().contains("deleted 1 store entry"), remove.out());

        assertEquals(0, animus("plugin", "lock", "verify").exitCode());
        Cli.Run thrice = animus("plugin", "remove", "pyecho", "--yes");
        assertEquals(2, thrice.exitCode(), "neither installed nor pinned: " + thrice.err());
    }
}
