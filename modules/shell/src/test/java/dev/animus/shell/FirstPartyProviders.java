package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The first-party providers (plugins/oai, plugins/cli) as the end-to-end tests of {@code agent run}
 * install them: the launchers their builds write ({@code target/plugin/animus-provider-*}, named by
 * the surefire properties {@code animus.oai.launcher} and {@code animus.cli.launcher}), installed
 * from a path into a test's home; and {@code animus} itself in a process of its own.
 */
final class FirstPartyProviders {
    private FirstPartyProviders() {}

    /** The launcher the build of a first-party provider wrote, named by system property {@code property}. */
    static Path launcher(String property) {
        String value = System.getProperty(property);
        if (value == null || !Files.isExecutable(Path.of(value))) {
            throw new IllegalStateException("no provider launcher at " + property + "=" + value
                    + "; run the tests through Maven with -am (the provider's process-classes writes it)");
        }
        return Path.of(value);
    }

    /** Installs, consents to and enables the provider at {@code launcher} in {@code env}'s home. */
    static void install(Map<String, String> env, Path launcher, String name, String... installFlags) {
        List<String> add = new ArrayList<>(List.of("plugin", "install", "--path", launcher.toString(), "--trust"));
        add.addAll(List.of(installFlags));
        add.add("--yes");
        for (List<String> line :
                List.of(add, List.of("plugin", "consent", name, "--yes"), List.of("plugin", "enable", name))) {
            Cli.Run r = Cli.runWith(env, "", line.toArray(String[]::new));
            assertEquals(0, r.exitCode(), String.join(" ", line) + ": " + r.out() + r.err());
        }
    }

    /**
     * {@code animus args...} in a process of its own (the launcher of {@link DaemonTest#launcher}),
     * stdin from {@code /dev/null}, stderr to {@code stderr}, stdout a pipe for the test to read.
     */
    static Process start(Map<String, String> env, Path dir, Path stderr, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(DaemonTest.launcher(dir).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(stderr.toFile());
        pb.environment().clear();
        pb.environment().putAll(Cli.childEnvironment(env, dir));
        return pb.start();
    }

    /** Reads {@code p}'s stdout until it holds {@code text}; fails if the process ends first. */
    static String readUntil(Process p, BufferedReader out, String text, Path stderr) throws IOException {
        StringBuilder seen = new StringBuilder();
        while (!seen.toString().contains(text)) {
            int c = out.read();
            assertTrue(
                    c >= 0,
                    "animus ended before printing '" + text + "'; stdout: " + seen + "; stderr: "
                            + Files.readString(stderr));
            seen.append((char) c);
        }
        return seen.toString();
    }

    static BufferedReader stdout(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Sends SIGINT (Ctrl-C) to {@code p} alone. */
    static void interrupt(Process p) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start();
        assertEquals(0, kill.waitFor(), "kill -INT " + p.pid());
    }

    /** Waits (at most 30 s) for {@code p} to end and returns its exit code. */
    static int exitCode(Process p, Path stderr) throws IOException, InterruptedException {
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "animus did not end; stderr: " + Files.readString(stderr));
        return p.exitValue();
    }
}
