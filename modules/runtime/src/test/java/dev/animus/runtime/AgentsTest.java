package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Fix;
import dev.animus.core.HostFailure;
import dev.animus.install.AnimusHome;
import dev.animus.providers.AgentOutcome;
import dev.animus.providers.AgentRequest;
import dev.animus.providers.CancelNotSupported;
import dev.animus.providers.CancelOutcome;
import dev.animus.providers.NoActiveSession;
import dev.animus.providers.ProviderMissing;
import dev.animus.providers.RunFailed;
import dev.animus.providers.RunnerEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Provider sessions through the application API with a real misbehaving provider (a Python
 * script written from docs/protocol.md#providers): streaming in order, typed events, cancel to the
 * same process, the retry rule, the restart budget, the filtered environment, a missing provider.
 */
class AgentsTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private Animus animus;
    private Plugins plugins;
    private Agents agents;

    static Path flaky(Path dir, String name, boolean cancellation) throws IOException {
        Path src = Path.of(System.getProperty("animus.testproviders.dir"), "animus-provider-flaky");
        String body = Files.readString(src)
                .replace("NAME = \"flaky\"", "NAME = \"" + name + "\"")
                .replace("CANCELLATION = True", "CANCELLATION = " + (cancellation ? "True" : "False"));
        Files.createDirectories(dir);
        Path p = dir.resolve("animus-provider-" + name);
        Files.writeString(p, body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    @BeforeEach
    void install() throws IOException {
        AnimusHome home = Installs.home(dir);
        Installs.ready(home, flaky(dir.resolve("src"), "flaky", true));
        animus = Animus.open(home.paths(), home.callerEnvironment());
        plugins = Plugins.start(TestPlugins.HELLO);
        agents = animus.agents(plugins, "default", Optional.empty());
    }

    @AfterEach
    void stop() {
        plugins.close();
    }

    private static AgentOutcome await(RunningAgent run) throws InterruptedException {
        return run.await(WAIT).orElseThrow(() -> new AssertionError("the run did not end"));
    }

    private static List<String> texts(List<RunnerEvent> events) {
        List<String> t = new ArrayList<>();
        for (RunnerEvent e : events) {
            if (e instanceof RunnerEvent.Output o) {
                t.add(o.text());
            }
        }
        return t;
    }

    @Test
    void outputsArriveInOrderAndTheResultCarriesTheProvidersSessionId() throws InterruptedException {
        List<RunnerEvent> events = new CopyOnWriteArrayList<>();
        RunningAgent run = agents.run(AgentRequest.of("animus-provider-flaky", "stream 200"), events::add);
        AgentOutcome outcome = await(run);
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
            expected.add("chunk-" + k + " ");
        }
        assertEquals(expected, texts(events));
        assertEquals(new RunnerEvent.Output("chunk-199 ", true), events.getLast());
        assertEquals(0, outcome.exitCode());
        assertEquals(String.join("", expected), outcome.output());
        assertEquals(Optional.of("conv-" + run.controlSessionId().substring(0, 8)), outcome.sessionId());
        assertEquals(run.controlSessionId(), outcome.controlSessionId());
        assertEquals(List.of(), agents.active(), "the run left the session map");
    }

    @Test
    void everyNotificationKindBecomesItsTypedEvent() throws InterruptedException {
        List<RunnerEvent> events = new CopyOnWriteArrayList<>();
        await(agents.run(AgentRequest.of("flaky", "events"), events::add));
        JsonMapper json = JsonMapper.builder().build();
        assertEquals(
                List.of(
                        new RunnerEvent.Thinking("hmm"),
                        new RunnerEvent.ToolCall("ls", json.readTree("{\"path\":\".\"}"), Optional.of("fs")),
                        new RunnerEvent.ToolResult("ls", json.readTree("\"a b\""), true),
                        new RunnerEvent.Error("slow", true),
                        new RunnerEvent.Metadata("$/progress", json.readTree("{\"session_id\":\"x\",\"value\":50}")),
                        new RunnerEvent.Metadata("vendor/odd", json.readTree("{\"session_id\":\"x\",\"x\":1}")),
                        new RunnerEvent.Output("done", true)),
                events.stream().map(AgentsTest::withoutSession).toList());
    }

    private static RunnerEvent withoutSession(RunnerEvent e) {
        if (e instanceof RunnerEvent.Metadata m && m.params().isObject()) {
            var copy = m.params().deepCopy();
            ((tools.jackson.databind.node.ObjectNode) copy).put("session_id", "x");
            return new RunnerEvent.Metadata(m.method(), copy);
        }
        return e;
    }

    @Test
    void twoRunsOnOneProcessEachGetOnlyTheirOwnEvents() throws InterruptedException {
        List<RunnerEvent> a = new CopyOnWriteArrayList<>();
        List<RunnerEvent> b = new CopyOnWriteArrayList<>();
        RunningAgent first = agents.run(AgentRequest.of("flaky", "stream 100"), a::add);
        RunningAgent second = agents.run(AgentRequest.of("flaky", "stream 3"), b::add);
        await(first);
        await(second);
        assertEquals(100, texts(a).size());
        assertEquals(List.of("chunk-0 ", "chunk-1 ", "chunk-2 "), texts(b));
    }

    @Test
    void cancelReachesTheProcessThatRunsTheSessionAndTheRunEnds() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        List<RunnerEvent> events = new CopyOnWriteArrayList<>();
        RunningAgent run = agents.run(AgentRequest.of("flaky", "forever"), e -> {
            events.add(e);
            started.countDown();
        });
        assertTrue(started.await(WAIT.toSeconds(), TimeUnit.SECONDS), "no output");
        Matcher pid =
                Pattern.compile("started pid=(\\d+)").matcher(texts(events).getFirst());
        assertTrue(pid.find(), events.toString());
        assertEquals(1, agents.active().size());
        assertEquals(
                Long.parseLong(pid.group(1)), agents.active().getFirst().pid().orElseThrow());
        // another client of the same Agents cancels: a thread of its own
        CancelOutcome[] cancelled = new CancelOutcome[1];
        Thread other = Thread.ofVirtual().start(() -> {
            try {
                cancelled[0] = agents.cancel(run.controlSessionId());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        other.join(WAIT);
        assertEquals(Long.parseLong(pid.group(1)), cancelled[0].pid());
        assertEquals(
                Long.parseLong(pid.group(1)), cancelled[0].answer().path("pid").asLong(), "the same process answered");
        assertTrue(cancelled[0].answer().path("cancelled").asBoolean());
        AgentOutcome outcome = await(run);
        assertEquals(130, outcome.exitCode());
        assertThrows(NoActiveSession.class, () -> agents.cancel(run.controlSessionId()));
    }

    @Test
    void anUnknownSessionHasNothingToCancel() {
        NoActiveSession e = assertThrows(NoActiveSession.class, () -> agents.cancel("nope"));
        assertEquals("no active session nope; nothing to cancel", e.getMessage());
    }

    @Test
    void cancelIsRefusedWhenTheProviderDidNotAdvertiseCancellation() throws Exception {
        Installs.ready(Installs.home(dir), flaky(dir.resolve("quiet-src"), "quiet", false));
        CountDownLatch started = new CountDownLatch(1);
        RunningAgent run = agents.run(AgentRequest.of("quiet", "forever"), e -> started.countDown());
        assertTrue(started.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        CancelNotSupported e = assertThrows(CancelNotSupported.class, () -> agents.cancel(run.controlSessionId()));
        assertEquals("not_supported", e.code());
        assertEquals("quiet", e.provider());
        assertFalse(run.isDone(), "nothing was sent to it");
    }

    @Test
    void aProviderThatDiesBeforeAnyOutputIsRetriedOnceOnAFreshProcess() throws InterruptedException {
        Path marker = dir.resolve("died-once");
        AgentOutcome outcome = await(agents.run(AgentRequest.of("flaky", "die-first " + marker), e -> {}));
        assertTrue(Files.exists(marker), "the first process died");
        assertEquals("chunk-0 chunk-1 ", outcome.output());
        assertEquals(1, plugins.status().getFirst().restarts());
    }

    @Test
    void aProviderThatDiesAfterOutputIsNotRetriedAndTheCallerGetsTheOutputSoFar() {
        List<RunnerEvent> events = new CopyOnWriteArrayList<>();
        RunFailed e = assertThrows(
                RunFailed.class,
                () -> agents.run(AgentRequest.of("flaky", "die-after"), events::add)
                        .await());
        assertEquals("partial ", e.outputSoFar());
        assertEquals(List.of("partial "), texts(events), "sent once: not retried");
        assertTrue(
                e.failure() instanceof HostFailure.ProcessExited || e.failure() instanceof HostFailure.ConnectionLost,
                e.failure().toString());
    }

    @Test
    void aProviderThatKeepsDyingEndsInTooManyRestarts() {
        HostFailure last = null;
        for (int run = 0; run < 5 && !(last instanceof HostFailure.TooManyRestarts); run++) {
            RunFailed e = assertThrows(
                    RunFailed.class,
                    () -> agents.run(AgentRequest.of("flaky", "die-always"), x -> {})
                            .await());
            last = e.failure();
        }
        assertInstanceOf(HostFailure.TooManyRestarts.class, last);
    }

    @Test
    void aMissingProviderIsAnErrorNamingWhatInstallsItNeverAnotherProvider() {
        ProviderMissing oai =
                assertThrows(ProviderMissing.class, () -> agents.run(AgentRequest.of("oai-runner", "hi"), e -> {}));
        assertEquals("no provider named 'oai-runner' is installed", oai.getMessage());
        assertEquals(List.of(new Fix.InstallDefaults(List.of("oai-agent"))), oai.fixes());
        ProviderMissing other =
                assertThrows(ProviderMissing.class, () -> agents.run(AgentRequest.of("nosuch", "hi"), e -> {}));
        assertEquals(List.of(new Fix.Install(new Fix.Source.AnyFile(), Optional.of("nosuch"))), other.fixes());
    }

    @Test
    void anEnvExtraThePluginDoesNotDeclareNeverReachesIt() throws Exception {
        List<RunnerEvent> events = new CopyOnWriteArrayList<>();
        await(agents.run(
                AgentRequest.of("flaky", "report").withEnv(Map.of("FLAKY_TOKEN", "t1", "SNEAKY", "s1", "LANG", "C")),
                events::add));
        JsonNode report = JsonMapper.builder().build().readTree(texts(events).getFirst());
        JsonNode env = report.path("params_env");
        assertEquals("t1", env.path("FLAKY_TOKEN").asString(), env.toString());
        assertEquals("C", env.path("LANG").asString(), "a base name may be given per request");
        assertFalse(env.has("SNEAKY"), env.toString());
        assertFalse(env.has("SECRET_TOKEN"), "the caller's undeclared variable neither");
        assertFalse(report.path("process_env").toString().contains("SNEAKY"), report.toString());
        assertEquals(
                Path.of("").toAbsolutePath().toString(),
                report.path("cwd").asString(),
                "unbound: the caller's directory");
    }

    @Test
    void resumeSendsTheProvidersSessionId() throws Exception {
        List<RunnerEvent> events = new CopyOnWriteArrayList<>();
        await(agents.run(AgentRequest.of("flaky", "report").resuming("conv-42"), events::add));
        JsonNode report = JsonMapper.builder().build().readTree(texts(events).getFirst());
        assertEquals("conv-42", report.path("session_id").asString());
    }

    @Test
    void providersListsTheInstalledProviders() {
        List<ProviderInfo> found = agents.providers();
        assertEquals(List.of("flaky"), found.stream().map(ProviderInfo::name).toList());
        assertTrue(found.getFirst().capabilities().contains("agent/cancel"));
    }
}
