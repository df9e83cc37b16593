package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real command in its own JVM, on the module path the build produced: module wiring, the
 * logging binding, exit codes and the split of stdout and stderr as a user sees them.
 */
class EndToEndTest {
    record Result(int exit, String out, String err, Duration elapsed) {}

    @TempDir
    Path dir;

    private Result animus(String... args) throws IOException, InterruptedException {
        List<String> cmd = AnimusJvm.command();
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("SECRET_TOKEN", "x");
        pb.environment().put("ANIMUS_HOME", dir.toString());
        Cli.childEnvironment(pb.environment(), dir);
        long t0 = System.nanoTime();
        Process p = pb.start();
        var out = p.getInputStream().readAllBytes();
        var err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Result(
                p.exitValue(),
                new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8),
                Duration.ofNanos(System.nanoTime() - t0));
    }

    @Test
    void versionPrintsOneLineOnStdoutAndNothingOnStderr() throws Exception {
        Result r = animus("--version");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().matches("animus \\S+ \\(protocol 1\\.1\\.0, Java \\d+\\)\\n"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void aCallPrintsOnlyTheResultOnStdout() throws Exception {
        Result r = animus("plugin", "dev", Cli.echo(), "call", "echo", "--params", "{\"text\":\"hi\"}");
        assertEquals(0, r.exit(), r.err());
        assertEquals("{\n  \"text\": \"hi\"\n}\n", r.out());
        assertTrue(r.err().startsWith("warning: running ") && r.err().contains("untrusted"), r.err());
    }

    @Test
    void aPluginThatNeverAnswersExits124AfterItsTimeout() throws Exception {
        Path plugin = Cli.hangingPython(dir);
        Result r = animus("plugin", "dev", plugin.toString(), "call", "work", "--timeout", "1s");
        assertEquals(124, r.exit(), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("error: ") && l.contains("within 1s")), r.err());
        System.out.println("timeout case: whole command took " + r.elapsed().toMillis() + " ms");
    }

    @Test
    void aUsageErrorExits2WithOneLine() throws Exception {
        Result r = animus("plugin", "dev");
        assertEquals(2, r.exit());
        assertEquals(1, r.err().lines().filter(l -> l.startsWith("error:")).count(), r.err());
        assertEquals("", r.out());
    }

    @Test
    void aScriptFromAPipeKeepsItsPluginWarmAndSigtermLeavesNoPluginBehind() throws Exception {
        List<String> cmd = AnimusJvm.command();
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("ANIMUS_HOME", dir.toString());
        Cli.childEnvironment(pb.environment(), dir);
        Process animus = pb.start();
        try {
            var in = new PrintWriter(animus.getOutputStream(), true, StandardCharsets.UTF_8);
            in.println("plugin dev " + Cli.echo() + " call echo --params '{\"n\": 1}'");
            in.println("plugin status --json");
            var out = new BufferedReader(new InputStreamReader(animus.getInputStream(), StandardCharsets.UTF_8));
            long pid = -1;
            for (String line; (line = out.readLine()) != null; ) {
                var m = Pattern.compile("\"pid\": (\\d+)").matcher(line);
                if (m.find()) {
                    pid = Long.parseLong(m.group(1));
                    break;
                }
            }
            assertTrue(pid > 0, "no pid in plugin status");
            ProcessHandle plugin = ProcessHandle.of(pid).orElseThrow();
            assertTrue(animus.isAlive(), "the script is still open: animus waits for more commands");
            animus.destroy(); // SIGTERM
            assertTrue(animus.waitFor(30, TimeUnit.SECONDS));
            try {
                plugin.onExit().get(10, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                // an orphan may sit as a zombie until this sandbox's init reaps it: checked below
            }
            assertTrue(!plugin.isAlive() || CliTest.zombie(pid), "plugin " + pid + " outlived SIGTERM of the host");
        } finally {
            animus.destroyForcibly();
        }
    }
}
