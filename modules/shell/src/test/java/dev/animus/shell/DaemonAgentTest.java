package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.animus.control.StreamEvent;
import dev.animus.daemon.DaemonLink;
import dev.animus.daemon.DaemonStream;
import dev.animus.shell.render.Terminal;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code animus agent run|providers|cancel} through the project's daemon
 * (docs/daemon.md#agent-runs), against the real misbehaving Python provider: the same output and
 * exit code as in this process (golden files under {@code src/test/resources/golden/daemon-agent/}),
 * a run of one {@code animus} process cancelled by another's {@code agent cancel} at the very
 * plugin process of the run, Ctrl-C of a daemon-routed run, and a run whose client disconnected or
 * cancelled its stream cancelled by the daemon (real sockets: {@link DaemonLink} in this JVM).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DaemonAgentTest {
    static final String DIR = "daemon-agent";
    private static final JsonMapper JSON = Terminal.json();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;

    Map<String, String> env;
    Path project;
    long daemon;
    Path socket;

    @BeforeAll
    void startTheDaemon() throws IOException {
        env = Cli.env(dir);
        env.put("ANIMUS_LAUNCHER", DaemonTest.launcher(dir).toString());
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Path plugin = AgentCommandsTest.flaky(dir.resolve("plugin"));
        for (String line : List.of(
                "plugin install --path " + plugin + " --trust --yes",
                "plugin consent flaky --yes",
                "plugin enable flaky")) {
            Cli.Run r = Cli.runWith(env, "", line.split(" "));
            assertEquals(0, r.exitCode(), line + ": " + r.err());
        }
        Cli.Run r = Cli.inProject(env, project, "daemon", "start", "--skip-preflight");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Matcher m = DaemonTest.STARTED.matcher(r.out());
        assertTrue(m.find(), r.out());
        daemon = Long.parseLong(m.group(1));
        socket = Path.of(m.group(2));
    }

    @AfterAll
    void stopTheDaemon() {
        Cli.inProject(env, project, "daemon", "stop");
        ProcessHandle.of(daemon).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** One run, as the golden file holds it: exit code, stdout, stderr, normalised. */
    String run(boolean withDaemon, String... args) {
        List<String> all = new ArrayList<>(List.of("--project-root", project.toString()));
        if (!withDaemon) {
            all.add("--no-daemon");
        }
        all.addAll(List.of(args));
        Cli.Run r = Cli.runWith(env, "", all.toArray(String[]::new));
        return "exit " + r.exitCode() + "\n--- stdout\n" + normal(r.out()) + "--- stderr\n" + normal(r.err());
    }

    /** What differs from run to run: the runs' ids, the provider's session ids, pids, the test's directory. */
    static String normal(String s) {
        String out = s.replace(dir.toString(), "<dir>");
        out = out.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>");
        out = out.replaceAll("conv-[0-9a-f]{8}", "conv-<id>");
        out = out.replaceAll("pid \\d+", "pid <n>");
        return out;
    }

    DynamicTest same(String file, String... args) {
        return dynamicTest(file, () -> {
            String without = run(false, args);
            String with = run(true, args);
            Golden.check(DIR, file + ".txt", file + " without a daemon", without);
            assertEquals(without, with, file + ": the same with a daemon as without");
        });
    }

    @TestFactory
    @Order(1) // first: it counts the daemon's runs
    Stream<DynamicTest> theSameWithAndWithoutTheDaemon() {
        return Stream.of(
                same("run.stream", "agent", "run", "--provider", "animus-provider-flaky", "--prompt", "stream 3"),
                same("run.stream.json", "--json", "agent", "run", "--provider", "flaky", "--prompt", "stream 2"),
                same("run.events", "agent", "run", "--provider", "flaky", "--prompt", "events"),
                same("run.events.json", "--json", "agent", "run", "--provider", "flaky", "--prompt", "events"),
                same(
                        "run.resume.json",
                        "--json",
                        "agent",
                        "run",
                        "--provider",
                        "flaky",
                        "--resume",
                        "conv-1",
                        "--prompt",
                        "stream 1"),
                same("run.unknown-mode", "agent", "run", "--provider", "flaky", "--prompt", "sing"),
                same("run.dies-after-output", "agent", "run", "--provider", "flaky", "--prompt", "die-after"),
                same("run.missing-provider", "agent", "run", "--provider", "oai", "--prompt", "hi"),
                same("run.missing-provider.json", "--json", "agent", "run", "--provider", "oai", "--prompt", "hi"),
                same("providers", "agent", "providers"),
                same("providers.json", "--json", "agent", "providers"),
                same("cancel.unknown", "agent", "cancel", "no-such-session"),
                same("cancel.unknown.json", "--json", "agent", "cancel", "no-such-session"),
                dynamicTest("the runs with a daemon were the daemon's", this::theDaemonRanThem));
    }

    /** Each case's run with a daemon started in the daemon (none fell back to this process). */
    void theDaemonRanThem() {
        Cli.Run events = Cli.inProject(env, project, "--json", "daemon", "events");
        assertEquals(0, events.exitCode(), events.err());
        long started = events.out()
                .lines()
                .filter(l -> JSON.readTree(l).path("type").asString("").equals("agent_run_started"))
                .count();
        assertEquals(7, started, "the runs that started, with a daemon: " + events.out());
    }

    /** {@code animus} in a process of its own, as another terminal runs it, its stdout piped to the test. */
    Process animus(Path stderr, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(env.get("ANIMUS_LAUNCHER"), "--project-root", project.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(stderr.toFile());
        pb.environment().clear();
        pb.environment().putAll(Cli.childEnvironment(env, dir));
        return pb.start();
    }

    /** A run of {@code forever} in its own process, read up to its first output: its id and its plugin's pid. */
    record Forever(Process process, BufferedReader out, String id, long pid) {}

    Forever forever(Path stderr) throws IOException {
        Process p = animus(stderr, "--json", "agent", "run", "--provider", "flaky", "--prompt", "forever");
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String id = null;
        while (true) {
            String line = out.readLine();
            assertTrue(line != null, "the run ended before its first output: " + Files.readString(stderr));
            JsonNode event = JSON.readTree(line);
            if (event.path("type").asString().equals("started")) {
                id = event.path("control_session_id").asString();
            }
            Matcher m = java.util.regex.Pattern.compile("started pid=(\\d+)")
                    .matcher(event.path("text").asString(""));
            if (m.find()) {
                assertTrue(id != null, "the run's id comes before its events: " + line);
                return new Forever(p, out, id, Long.parseLong(m.group(1)));
            }
        }
    }

    @Test
    void aRunOfOneClientIsCancelledByAnotherClientAtTheRunsOwnProcess() throws Exception {
        Forever run = forever(dir.resolve("run.err"));
        try {
            Process cancel = animus(dir.resolve("cancel.err"), "--json", "agent", "cancel", run.id());
            String answer = new String(cancel.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(cancel.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "agent cancel did not end");
            assertEquals(0, cancel.exitValue(), answer + Files.readString(dir.resolve("cancel.err")));
            JsonNode done = JSON.readTree(answer);
            assertEquals(run.id(), done.path("control_session_id").asString(), answer);
            assertEquals(run.pid(), done.path("pid").asLong(), "agent/cancel went to the run's process: " + answer);
            assertEquals(run.pid(), done.path("answer").path("pid").asLong(), "the run's process answered: " + answer);
            String rest = run.out().lines().reduce("", (a, b) -> b); // its last line: the provider's result
            assertTrue(run.process().waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "the cancelled run did not end");
            String err = Files.readString(dir.resolve("run.err"));
            assertEquals(130, run.process().exitValue(), rest + err);
            assertEquals(130, JSON.readTree(rest).path("exit_code").asInt(), rest);
        } finally {
            run.process().destroyForcibly();
        }
    }

    @Test
    void ctrlCDuringARunOfTheDaemonCancelsItThroughTheDaemonAndExits130() throws Exception {
        Path err = dir.resolve("sigint.err");
        Forever run = forever(err);
        try {
            Process kill = new ProcessBuilder(
                            "kill", "-INT", Long.toString(run.process().pid()))
                    .start();
            assertEquals(0, kill.waitFor());
            run.out().lines().forEach(l -> {}); // up to its end
            assertTrue(run.process().waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "animus did not end after Ctrl-C");
            String stderr = Files.readString(err);
            assertEquals(130, run.process().exitValue(), stderr);
            assertTrue(stderr.contains("cancelling session " + run.id()), stderr);
            assertTrue(!stderr.contains("warning"), "the provider confirmed: " + stderr);
            Cli.Run events = Cli.inProject(env, project, "--json", "daemon", "events");
            List<JsonNode> mine = events.out()
                    .lines()
                    .map(JSON::readTree)
                    .filter(e -> run.id().equals(e.path("control_session_id").asString("")))
                    .toList();
            JsonNode ended = mine.stream()
                    .filter(e -> e.path("type").asString().equals("agent_run_ended"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("the run ended in the daemon: " + mine));
            assertEquals(130, ended.path("exit_code").asInt(), "the provider confirmed the cancel: " + ended);
            assertTrue(!ended.path("client_gone").asBoolean(), "the cancel came as agent/cancel: " + ended);
            assertTrue(
                    mine.stream().noneMatch(e -> e.path("type").asString().equals("agent_run_cancelled")),
                    "the client's agent/cancel, not its departure, ended the run: " + mine);
        } finally {
            run.process().destroyForcibly();
        }
    }

    /** The next value of {@code stream}, failing on its end or after {@link #WAIT}. */
    static JsonNode next(DaemonStream stream) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            var e = stream.next(Duration.ofMillis(500));
            if (e.isPresent()) {
                switch (e.get()) {
                    case StreamEvent.Data d -> {
                        return d.data();
                    }
                    case StreamEvent.Lagged l -> {}
                    case StreamEvent.Closed c -> throw new AssertionError("the stream ended: " + c.reason());
                }
            }
        }
        throw new AssertionError("nothing came in " + WAIT);
    }

    @Test
    void aClientThatCancelsTheRunsStreamHasTheRunCancelled() throws Exception {
        try (DaemonLink link = DaemonLink.connect(socket);
                DaemonStream events = link.follow(
                        "daemon/events", JsonNodeFactory.instance.objectNode().put("follow", true), 1024)) {
            DaemonStream run = link.follow(
                    "agent/run",
                    JsonNodeFactory.instance
                            .objectNode()
                            .put("provider", "flaky")
                            .put("prompt", "forever"),
                    1024);
            JsonNode started = next(run);
            assertEquals("started", started.path("type").asString(), started.toString());
            String id = started.path("control_session_id").asString();
            JsonNode first = next(run);
            Matcher m = java.util.regex.Pattern.compile("started pid=(\\d+)")
                    .matcher(first.path("text").asString(""));
            assertTrue(m.find(), first.toString());
            run.close(); // $/cancelRequest for the stream; the connection stays open
            while (true) {
                JsonNode e = next(events);
                if (id.equals(e.path("control_session_id").asString(""))
                        && e.path("type").asString().equals("agent_run_cancelled")) {
                    assertEquals(Long.parseLong(m.group(1)), e.path("pid").asLong(), e.toString());
                    break;
                }
            }
            assertTrue(link.isOpen());
        }
    }

    @Test
    void aClientThatDisconnectsMidRunHasTheRunCancelled() throws Exception {
        try (DaemonLink watcher = DaemonLink.connect(socket);
                DaemonStream events = watcher.follow(
                        "daemon/events", JsonNodeFactory.instance.objectNode().put("follow", true), 1024)) {
            DaemonLink client = DaemonLink.connect(socket);
            DaemonStream run = client.follow(
                    "agent/run",
                    JsonNodeFactory.instance
                            .objectNode()
                            .put("provider", "flaky")
                            .put("prompt", "forever"),
                    1024);
            String id = next(run).path("control_session_id").asString();
            Matcher m = java.util.regex.Pattern.compile("started pid=(\\d+)")
                    .matcher(next(run).path("text").asString(""));
            assertTrue(m.find());
            client.close(); // the socket closes mid-run: no agent/cancel, no $/cancelRequest from it
            JsonNode cancelled = null;
            JsonNode ended = null;
            while (cancelled == null || ended == null) {
                JsonNode e = next(events);
                if (id.equals(e.path("control_session_id").asString(""))) {
                    switch (e.path("type").asString("")) {
                        case "agent_run_cancelled" -> cancelled = e;
                        case "agent_run_ended" -> ended = e;
                        default -> {}
                    }
                }
            }
            assertEquals(
                    Long.parseLong(m.group(1)), cancelled.path("pid").asLong(), "to the run's process: " + cancelled);
            assertTrue(ended.path("client_gone").asBoolean(), ended.toString());
            assertEquals(130, ended.path("exit_code").asInt(), "the provider confirmed the cancel: " + ended);
            Cli.Run again = Cli.inProject(env, project, "agent", "cancel", id);
            assertEquals(1, again.exitCode(), "nothing is left to cancel: " + again.err());
        }
    }
}
