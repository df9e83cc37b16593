package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real command in its own JVM (as EndToEndTest runs it): a command given as arguments and the
 * same command as the one line of a script on stdin print byte-identical stdout and nothing on
 * stderr, with the same home, project and environment.
 */
class ScriptEqualityTest {
    record Result(int exit, byte[] out, byte[] err) {}

    @TempDir
    Path dir;

    Path project;
    /** The ANIMUS_HOME of every run. */
    String home;

    /** The plugin installed, trusted, consented to and enabled in this JVM: the setup, not the subject. */
    @BeforeEach
    void installed() throws IOException {
        project = Files.createDirectories(dir.resolve("project"));
        home = dir.resolve("home").toString();
        Path v1 = TrustCommandsTest.pyecho(dir.resolve("v1"), "");
        Map<String, String> env = Cli.env(dir);
        env.put("ANIMUS_HOME", home);
        env.put("ANIMUS_KEYRING", "file");
        for (String line : List.of(
                "plugin install --path " + v1 + " --trust --yes",
                "plugin consent pyecho --yes",
                "plugin enable pyecho")) {
            Cli.Run r = Cli.inProject(env, project, line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
    }

    /** {@code animus --project-root P args...}, with {@code stdin} (or /dev/null) as its standard input. */
    Result animus(String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = AnimusJvm.command();
        cmd.addAll(List.of("--project-root", project.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("ANIMUS_HOME", home);
        Cli.childEnvironment(pb.environment(), dir);
        pb.environment().put("ANIMUS_KEYRING", "file");
        pb.environment().put("SECRET_TOKEN", "x");
        pb.environment().remove("NO_COLOR");
        if (stdin == null) {
            pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        }
        Process p = pb.start();
        if (stdin != null) {
            try (var in = p.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "animus did not finish: " + cmd);
        return new Result(p.exitValue(), out, err);
    }

    /** Runs {@code command} both ways; asserts identical stdout and stderr, and returns the one-shot run. */
    Result sameBothWays(String command) throws IOException, InterruptedException {
        Result oneShot = animus(null, command.split(" "));
        Result script = animus(command + "\n");
        String where = "animus " + command + " vs. '" + command + "' on stdin";
        assertEquals(0, oneShot.exit(), where + ": " + new String(oneShot.err(), StandardCharsets.UTF_8));
        assertEquals(0, script.exit(), where + ": " + new String(script.err(), StandardCharsets.UTF_8));
        assertArrayEquals(
                oneShot.out(),
                script.out(),
                where + ":\n" + new String(oneShot.out(), StandardCharsets.UTF_8) + "---\n"
                        + new String(script.out(), StandardCharsets.UTF_8));
        assertEquals(
                new String(oneShot.err(), StandardCharsets.UTF_8),
                new String(script.err(), StandardCharsets.UTF_8),
                where + ": stderr");
        return oneShot;
    }

    /** Both ways print the same non-empty stdout, and nothing on stderr. */
    Result sameAndQuiet(String command) throws IOException, InterruptedException {
        Result r = sameBothWays(command);
        assertEquals("", new String(r.err(), StandardCharsets.UTF_8), command + ": stderr");
        assertTrue(r.out().length > 0, command + ": prints something");
        return r;
    }

    @Test
    void pluginListIsTheSameAsArgumentsAndOnStdin() throws Exception {
        sameAndQuiet("plugin list");
    }

    @Test
    void pluginListOnAFreshMachineIsTheSameBothWaysAndSaysSoOnStdout() throws Exception {
        home = dir.resolve("fresh-home").toString();
        Result r = sameAndQuiet("plugin list");
        assertTrue(new String(r.out(), StandardCharsets.UTF_8).startsWith("no plugins installed or found"));
    }

    @Test
    void pluginStatusIsTheSameAsArgumentsAndOnStdin() throws Exception {
        // nothing has run in a fresh process (a one-line script is no different): the result says so
        Result r = sameAndQuiet("plugin status");
        assertTrue(new String(r.out(), StandardCharsets.UTF_8).startsWith("no plugins have run in this process"));
        sameAndQuiet("plugin status --json");
    }

    @Test
    void pluginListJsonIsTheSameAsArgumentsAndOnStdin() throws Exception {
        sameAndQuiet("plugin list --json");
    }
}
