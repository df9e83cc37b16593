package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.HostHello;
import dev.animus.runtime.Plugins;
import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class CliTest {
    private static final JsonMapper JSON = JsonMapper.shared();

    @Nested
    class Basics {
        @Test
        void versionNamesTheBuildAndTheProtocol() {
            Cli.Run r = Cli.run("--version");
            assertEquals(0, r.exitCode());
            assertTrue(r.out().startsWith("animus ") && r.out().contains("protocol 1.1.0"), r.out());
        }

        @Test
        void theVersionFastPathPrintsWhatTheCommandTreePrints() {
            var tree = new StringWriter();
            try (var host = Plugins.start(HostHello.animus("test"))) {
                Cli.inOwnHome(env -> Main.commandLine(ShellContext.oneShot(
                                new Terminal(
                                        System.in,
                                        new PrintWriter(tree, true),
                                        new PrintWriter(Writer.nullWriter()),
                                        false),
                                env,
                                host))
                        .execute("--json", "--version"));
            }
            assertEquals(tree.toString(), Cli.run("--version").out());
            assertEquals(tree.toString(), Cli.run("-V").out());
            assertEquals("", Cli.run("--version").err());
        }

        @Test
        void versionVerboseNamesTheCommitTheBuildDateThePlatformAndTheRuntime() throws IOException {
            Cli.Run r = Cli.run("--version", "-v");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals("", r.err());
            var lines = r.out().lines().toList();
            assertEquals(5, lines.size(), r.out());
            assertEquals(Cli.run("--version").out().strip(), lines.get(0), "the one line comes first");
            assertEquals("commit:   " + checkoutCommit(), lines.get(1));
            assertEquals("built:    2026-11-30T00:00:00Z", lines.get(2), "the build's outputTimestamp, not the clock");
            assertEquals(
                    "platform: " + System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT) + "/"
                            + System.getProperty("os.arch"),
                    lines.get(3));
            assertTrue(
                    lines.get(4)
                            .startsWith("runtime:  " + System.getProperty("java.vm.vendor") + " "
                                    + System.getProperty("java.runtime.version")),
                    lines.get(4));
            assertEquals(r.out(), Cli.run("--verbose", "--version").out(), "either order, either spelling");
        }

        /** The commit of the checkout these tests were built in, or "unknown" when it is not a git checkout. */
        private static String checkoutCommit() throws IOException {
            Path root = Path.of(System.getProperty("animus.examples.dir"))
                    .getParent()
                    .toRealPath();
            String top = git(root, "rev-parse", "--show-toplevel");
            if (top.isEmpty() || !Path.of(top).toRealPath().equals(root)) {
                return "unknown";
            }
            String head = git(root, "rev-parse", "HEAD");
            assertTrue(head.matches("[0-9a-f]{40}"), "git rev-parse HEAD printed '" + head + "'");
            return head;
        }

        private static String git(Path dir, String... args) throws IOException {
            var command = new java.util.ArrayList<>(java.util.List.of("git", "-C", dir.toString()));
            command.addAll(Arrays.asList(args));
            try {
                Process p = new ProcessBuilder(command)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                String out = new String(p.getInputStream().readAllBytes()).strip();
                return p.waitFor() == 0 ? out : "";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        }

        @Test
        void theVerboseVersionFastPathPrintsWhatTheCommandTreePrints() {
            var tree = new StringWriter();
            try (var host = Plugins.start(HostHello.animus("test"))) {
                Cli.inOwnHome(env -> Main.commandLine(ShellContext.oneShot(
                                new Terminal(
                                        System.in,
                                        new PrintWriter(tree, true),
                                        new PrintWriter(Writer.nullWriter()),
                                        false),
                                env,
                                host))
                        .execute("--json", "--version", "-v"));
            }
            assertTrue(tree.toString().contains("\ncommit:   "), tree.toString());
            assertEquals(tree.toString(), Cli.run("--version", "-v").out());
        }

        @Test
        void everyCommandHasHelpWithAnExample() {
            Terminal quiet = new Terminal(
                    System.in, new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()), false);
            try (var host = Plugins.start(HostHello.animus("test"))) {
                Cli.inOwnHome(env -> {
                    walk(Main.commandLine(ShellContext.oneShot(quiet, env, host)));
                    return null;
                });
            }
        }

        private void walk(CommandLine cmd) {
            var spec = cmd.getCommandSpec();
            if (spec.usageMessage().hidden()) {
                return; // animus __complete: for completion scripts, not for people
            }
            String usage = cmd.getUsageMessage();
            assertTrue(
                    usage.contains("Examples:") && usage.contains("animus "),
                    spec.qualifiedName() + " has no example:\n" + usage);
            assertTrue(spec.optionsMap().containsKey("--help"), spec.qualifiedName() + " has no --help");
            cmd.getSubcommands().values().forEach(this::walk);
        }

        @Test
        void helpForASubcommandWorksThroughTheHelpCommand() {
            Cli.Run r = Cli.run("help", "plugin", "dev");
            assertEquals(0, r.exitCode());
            assertTrue(r.out().contains("untrusted") || r.out().contains("Nothing is verified"), r.out());
        }

        @Test
        void helpOfAnUnknownCommandIsAUsageError() {
            Cli.Run r = Cli.run("help", "plugin", "nope");
            assertEquals(2, r.exitCode());
            assertTrue(r.errLine().contains("nope"), r.err());
        }

        @Test
        void anUnknownCommandIsAUsageErrorInOneLine() {
            Cli.Run r = Cli.run("plugn");
            assertEquals(2, r.exitCode());
            assertTrue(r.errLine().contains("plugn"), r.err());
            assertEquals("", r.out());
        }

        @Test
        void aMissingPluginPathIsAUsageErrorNamingIt() {
            Cli.Run r = Cli.run("plugin", "dev", "/nonexistent/animus-plugin-x", "ping");
            assertEquals(2, r.exitCode());
            assertTrue(r.errLine().contains("/nonexistent/animus-plugin-x"), r.err());
        }
    }

    @Nested
    class Dev {
        @Test
        void callPrintsTheEchoedJsonOnStdoutAndWarnsOnStderr() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "call", "echo", "--params", "{\"text\":\"hi\"}");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(JSON.readTree("{\"text\":\"hi\"}"), JSON.readTree(r.out()));
            assertTrue(r.err().contains("untrusted"), r.err());
        }

        @Test
        void numbersReachThePluginAndComeBackExactlyAsWritten() {
            String params = "{\"a\":1e1000000,\"b\":0.1000000000000000000000000001,"
                    + "\"c\":123456789012345678901234567890,\"d\":-0.0,\"e\":1E+2,\"f\":[-0,2.5,1.5e-7]}";
            Cli.Run plain = Cli.run("plugin", "dev", Cli.echo(), "call", "echo", "--params", params);
            assertEquals(0, plain.exitCode(), plain.err());
            assertEquals(params, plain.out().replaceAll("\\s", ""), plain.out()); // pretty-printed, no strings
            Cli.Run json = Cli.run("plugin", "dev", Cli.echo(), "call", "echo", "--params", params, "--json");
            assertEquals(0, json.exitCode(), json.err());
            assertTrue(json.out().replaceAll("\\s", "").contains("\"result\":" + params), json.out());
        }

        @Test
        void callWithJsonPrintsAVersionedEnvelope() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "call", "echo", "--params", "[1,2]", "--json");
            assertEquals(0, r.exitCode(), r.err());
            JsonNode doc = JSON.readTree(r.out());
            assertEquals("animus.plugin.dev.call.v1", doc.path("schema").asString());
            assertEquals(JSON.readTree("[1,2]"), doc.path("result"));
            assertEquals("echo", doc.path("method").asString());
        }

        @Test
        void paramsCanComeFromStdin() {
            Cli.Run r = Cli.runScript(
                    "{\"from\":\"stdin\"}\n", "plugin", "dev", Cli.echo(), "call", "echo", "--params", "-");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(JSON.readTree("{\"from\":\"stdin\"}"), JSON.readTree(r.out()));
        }

        @Test
        void invalidParamsAreAUsageErrorBeforeAnythingRuns() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "call", "echo", "--params", "{nope");
            assertEquals(2, r.exitCode());
            assertTrue(r.errLine().contains("--params"), r.err());
            assertFalse(r.err().contains("untrusted"), "the plugin must not have been started");
        }

        @Test
        void verboseCallsShowTheStreamedNotificationsOnStderrBeforeTheResult() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "call", "stream", "--params", "{\"count\":3}", "-v");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(
                    3,
                    r.err()
                            .lines()
                            .filter(l -> l.startsWith("notification $/progress"))
                            .count(),
                    r.err());
            assertEquals(3, JSON.readTree(r.out()).path("count").asInt());
        }

        @Test
        void pingPrintsARoundTripTime() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "ping");
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().matches("(?s)pong from .* round trip [0-9.]+ ms.*"), r.out());
        }

        @Test
        void infoPrintsTheInitializeResult() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "info");
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(
                    r.out().contains("protocol")
                            && r.out().contains("1.1.0")
                            && r.out().contains("echo"),
                    r.out());
            Cli.Run j = Cli.run("plugin", "dev", Cli.echo(), "info", "--json");
            JsonNode doc = JSON.readTree(j.out());
            assertEquals("animus.plugin.dev.info.v1", doc.path("schema").asString());
            assertEquals(
                    "1.1.0",
                    doc.path("initialize_result").path("protocol_version").asString());
        }

        @Test
        void thePythonPluginBehavesTheSame() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.pythonEcho(), "call", "echo", "--params", "{\"text\":\"hi\"}");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(JSON.readTree("{\"text\":\"hi\"}"), JSON.readTree(r.out()));
            Cli.Run p = Cli.run("plugin", "dev", Cli.pythonEcho(), "ping");
            assertEquals(0, p.exitCode(), p.err());
            assertTrue(p.out().contains("round trip"), p.out());
        }

        @Test
        void aPluginErrorExitsOneWithTheCodeAndMessage() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "call", "no/such/method");
            assertEquals(1, r.exitCode());
            assertTrue(r.errLine().contains("-32601") && r.errLine().contains("method not found"), r.err());
            assertEquals("", r.out());
        }

        @Test
        void theCallersSecretsNeverReachThePluginButDeclaredNamesDo() {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "--env", "DECLARED_URL", "call", "env");
            assertEquals(0, r.exitCode(), r.err());
            JsonNode env = JSON.readTree(r.out());
            assertFalse(env.has("SECRET_TOKEN"), r.out());
            assertEquals("https://example.test", env.path("DECLARED_URL").asString());
        }
    }

    @Nested
    class Deadlines {
        @org.junit.jupiter.params.ParameterizedTest
        @org.junit.jupiter.params.provider.ValueSource(strings = {"0s", "0ms", "366d", "99999999999999999999d"})
        void aDeadlineOutOfRangeIsAUsageErrorNamingTheOptionAndTheRange(String value) {
            for (String[] args : new String[][] {
                {"--timeout", "plugin", "dev", Cli.echo(), "call", "echo", "--timeout", value},
                {"--timeout", "plugin", "dev", Cli.echo(), "ping", "--timeout", value},
                {"--launch-timeout", "plugin", "dev", Cli.echo(), "--launch-timeout", value, "ping"},
                {"--timeout", "plugin", "call", "echo", "echo", "--timeout", value},
                {"--timeout", "plugin", "ping", "echo", "--timeout", value}
            }) {
                String[] line = Arrays.copyOfRange(args, 1, args.length);
                Cli.Run r = Cli.run(line);
                assertEquals(2, r.exitCode(), String.join(" ", line) + ": " + r.err());
                assertEquals(
                        "error: " + args[0] + ": duration '" + value + "' is out of range: give one from 1ms to 365d",
                        r.errLine(),
                        String.join(" ", line));
            }
        }

        @org.junit.jupiter.params.ParameterizedTest
        @org.junit.jupiter.params.provider.ValueSource(strings = {"", "-1s", "5", "1e3s"})
        void aDeadlineThatIsNoDurationIsAUsageErrorNamingTheOption(String value) {
            Cli.Run r = Cli.run("plugin", "dev", Cli.echo(), "call", "echo", "--timeout", value);
            assertEquals(2, r.exitCode(), r.err());
            assertTrue(r.errLine().startsWith("error: --timeout: invalid duration '" + value + "'"), r.err());
        }
    }

    @Nested
    class Failures {
        @TempDir
        Path dir;

        @Test
        void aPluginThatExitsMidRequestFailsWithItsExitCodeAndLastStderrLine() {
            Cli.Run r = Cli.run(
                    "plugin",
                    "dev",
                    Cli.misbehaving(),
                    "call",
                    "crash",
                    "--params",
                    "{\"exit_code\":3,\"stderr\":\"boom: disk on fire\"}");
            assertEquals(1, r.exitCode());
            assertTrue(r.errLine().contains("code 3") && r.errLine().contains("boom: disk on fire"), r.err());
        }

        @Test
        void aPluginThatNeverAnswersTimesOutWith124AndLeavesNoProcess() throws Exception {
            Path plugin = Cli.hangingPython(dir);
            Cli.Run r = Cli.run("plugin", "dev", plugin.toString(), "call", "work", "--timeout", "1s");
            assertEquals(124, r.exitCode(), r.err());
            assertTrue(r.errLine().contains("1s"), r.err());
            long[] pids = Arrays.stream(Files.readString(dir.resolve("pids")).split(" "))
                    .mapToLong(Long::parseLong)
                    .toArray();
            for (long pid : pids) {
                assertFalse(
                        ProcessHandle.of(pid)
                                .map(h -> h.isAlive() && !zombie(pid))
                                .orElse(false),
                        "left: " + pid);
            }
        }

        @Test
        void aPluginThatStopsReadingFailsTheCallAtItsTimeoutWith124SayingTheRequestWasNotRead() {
            String script = "plugin dev " + Cli.misbehaving() + " call stop-reading\n"
                    + "plugin dev " + Cli.misbehaving() + " call echo --timeout 2s --params '{\"blob\":\""
                    + "z".repeat(4 << 20) + "\"}'\n";
            Cli.Run r = Cli.runScript(script);
            assertEquals(124, r.exitCode(), r.err());
            assertEquals(
                    "error: plugin animus-plugin-misbehaving did not read the request echo within 2s (it stopped "
                            + "reading its input); it was stopped (raise --timeout if the params are large)",
                    r.errLine());
            // the message names the 2 s deadline, not the 30 s write timeout, as what ended the call
        }

        @Test
        void aTwentyMebibyteFrameIsRejectedAndTheCallStillSucceeds() {
            Cli.Run r = Cli.run(
                    "plugin", "dev", Cli.misbehaving(), "call", "huge-frame", "--params", "{\"bytes\":20971520}");
            assertEquals(0, r.exitCode(), r.err());
        }
    }

    static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException e) {
            return true;
        }
    }
}
