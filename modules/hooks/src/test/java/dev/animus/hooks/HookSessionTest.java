package dev.animus.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Abstention;
import dev.animus.core.Abstention.Reason;
import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HookClaims;
import dev.animus.core.HookDecision;
import dev.animus.core.HookId;
import dev.animus.core.HookInput;
import dev.animus.core.HookOutcome;
import dev.animus.core.HostHello;
import dev.animus.core.RiskLevel;
import dev.animus.core.TimeoutTable;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.Supervisor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The runner and an agent's session against the real hostile hook plugin
 * (testplugins/animus-hook-hostile), a real child process over real pipes: each hostile answer of
 * each hook is an abstention with its reason, the sleeper is killed at the deadline, and events
 * reach the observer.
 */
class HookSessionTest {
    private static final String AGENT = "alice";
    private static final List<HookInput.Element> ELEMENTS =
            List.of(new HookInput.Element("e1", "textbox", "Password"), new HookInput.Element("e2", "button", "Go"));

    @TempDir
    Path dir;

    private PluginHost host;
    private Supervisor hostile;
    private HookSession session;

    @BeforeEach
    void open() {
        host = PluginHost.create(PluginHost.Options.defaults(HostHello.animus("test")));
        Path exe = Path.of(System.getProperty("animus.testproviders.dir"), "animus-hook-hostile");
        assertTrue(Files.isExecutable(exe), "test plugin missing: " + exe);
        LaunchSpec spec = new LaunchSpec(
                "hostile",
                exe,
                EnvironmentPolicy.declaring(Set.of("ANIMUS_HOOK_EVENTS")),
                Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "HOME", dir.toString()),
                Map.of("ANIMUS_HOOK_EVENTS", dir.resolve("events.jsonl").toString()),
                Optional.empty());
        hostile = host.register(new PluginRegistration(
                "hostile", spec, TimeoutTable.defaults().with(TimeoutTable.LAUNCH, Duration.ofSeconds(20))));
        session = session(new HookRunner(HookRunner.DEFAULT_DEADLINE), 256);
    }

    private HookSession session(HookRunner runner, int eventCapacity) {
        Map<HookId, List<String>> all = new java.util.EnumMap<>(HookId.class);
        for (HookId h : HookId.values()) {
            all.put(h, List.of("hostile"));
        }
        Map<String, List<String>> observers = new java.util.TreeMap<>();
        HookId.events().forEach(e -> observers.put(e, List.of("hostile")));
        return HookSession.seal(
                AGENT,
                new HookClaims.ForAgent(all, observers),
                name -> new Handler.Ready(hostile),
                runner,
                System::nanoTime,
                eventCapacity);
    }

    @AfterEach
    void close() {
        session.close();
        host.close();
    }

    static HookInput input(HookId hook, String mode) {
        String text = "mode:" + mode + " please";
        return switch (hook) {
            case ROUTE_SKILLS ->
                new HookInput.Skills(
                        text,
                        List.of(new HookInput.Skill("debug", "find bugs"), new HookInput.Skill("docs", "write docs")));
            case CLASSIFY_PAGE -> new HookInput.Page("https://a.example", text, ELEMENTS, false, false);
            case ROUTE_SNAPSHOT -> new HookInput.Snapshot(text, "https://a.example", ELEMENTS);
            case COMMAND_RISK -> new HookInput.Command(text);
        };
    }

    static Stream<Arguments> hostileAnswers() {
        return Stream.of(HookId.values())
                .flatMap(h -> Stream.of(
                        Arguments.of(h, "extra", Reason.EXTRA_FIELDS),
                        Arguments.of(
                                h,
                                "unnormalised",
                                h == HookId.CLASSIFY_PAGE ? Reason.INVALID_SHAPE : Reason.NOT_NORMALISED),
                        Arguments.of(
                                h, "repeated", h == HookId.COMMAND_RISK ? Reason.EXTRA_FIELDS : Reason.REPEATED_OPTION),
                        Arguments.of(
                                h, "unknown", h == HookId.COMMAND_RISK ? Reason.EXTRA_FIELDS : Reason.UNKNOWN_OPTION),
                        Arguments.of(h, "huge", Reason.TOO_LARGE),
                        Arguments.of(h, "error", Reason.PLUGIN_ERROR),
                        Arguments.of(h, "garbage", Reason.INVALID_SHAPE),
                        Arguments.of(h, "crash", Reason.PLUGIN_ERROR),
                        Arguments.of(h, "sleep", Reason.TIMEOUT)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("hostileAnswers")
    void aHostileAnswerIsAnAbstentionWithTheRightReason(HookId hook, String mode, Reason reason) {
        if (mode.equals("sleep")) { // the default 2 s deadline is theSleeperIsKilledAtTheDeadline's
            session.close();
            session = session(new HookRunner(Duration.ofMillis(500)), 256);
        }
        HookRun run = session.run(input(hook, mode));
        Abstention a = assertInstanceOf(HookOutcome.Abstained.class, run.outcome(), run::toString)
                .abstention();
        assertEquals(reason, a.reason(), a.detail());
        assertTrue(a.detail().contains("hostile"), a.detail());
        assertEquals(Optional.of("hostile"), run.plugin());
        // the host's default decides: nothing of the answer reached policy
        HookRun abstained = new HookRun(hook, AGENT, run.plugin(), run.outcome(), run.decision(), false, Duration.ZERO);
        assertEquals(
                dev.animus.core.HookPolicy.decide(input(hook, mode), new HookOutcome.Abstained(a)),
                abstained.decision());
    }

    @Test
    void aWellFormedAnswerIsAdviceThatPolicyWeighs() {
        HookRun skills = session.run(input(HookId.ROUTE_SKILLS, "ok"));
        assertEquals(Optional.of("debug"), ((HookDecision.SkillHint) skills.decision()).skill(), skills::toString);
        HookRun page = session.run(input(HookId.CLASSIFY_PAGE, "ok"));
        assertTrue(
                ((HookDecision.PageScrutiny) page.decision())
                        .flags()
                        .contains(dev.animus.core.HookAnswer.PageFlag.CREDENTIAL_ENTRY),
                page::toString);
        HookRun snapshot = session.run(input(HookId.ROUTE_SNAPSHOT, "ok"));
        assertEquals(List.of("e1"), ((HookDecision.SnapshotOrder) snapshot.decision()).first());
        // the plugin says read-only (0.95) to everything: ls is, rm -rf / stays high-risk
        assertEquals(RiskLevel.READ_ONLY, risk(session.run(new HookInput.Command("ls -la"))));
        assertEquals(RiskLevel.HIGH_RISK, risk(session.run(new HookInput.Command("rm -rf /"))));
    }

    @Test
    void theSleeperIsKilledAtTheDeadline() throws Exception {
        session.run(input(HookId.COMMAND_RISK, "ok")); // a warm process, whose pid we know
        long pid = hostile.processTree().iterator().next().pid();
        HookRun run = session.run(input(HookId.ROUTE_SKILLS, "sleep"));
        Abstention a = ((HookOutcome.Abstained) run.outcome()).abstention();
        assertEquals(Reason.TIMEOUT, a.reason(), a.detail());
        assertTrue(a.detail().contains("within 2000 ms"), a.detail());
        // the plugin sleeps 30 s: the answer came at the deadline, not after the sleep
        assertTrue(run.elapsed().compareTo(Duration.ofSeconds(2)) >= 0, run.elapsed()::toString);
        assertTrue(run.elapsed().compareTo(Duration.ofSeconds(20)) < 0, run.elapsed()::toString);
        Optional<ProcessHandle> old = ProcessHandle.of(pid);
        if (old.isPresent()) {
            old.get().onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the sleeper was not killed");
        // the next call gets a fresh process
        assertEquals(RiskLevel.READ_ONLY, risk(session.run(new HookInput.Command("ls"))));
    }

    @Test
    void commandRiskDecisionsAreCachedByToolCallId() {
        HookRun first = session.run(new HookInput.Command("ls"), Optional.of("call-1"));
        HookRun again = session.run(new HookInput.Command("ls"), Optional.of("call-1"));
        HookRun other = session.run(new HookInput.Command("cat x"), Optional.of("call-1"));
        assertFalse(first.cached());
        assertTrue(again.cached());
        assertEquals(first.decision(), again.decision());
        assertFalse(other.cached(), "the same id with another command is asked again");
    }

    @Test
    void noHandlerOrTwoClaimantsAbstainWithoutACall() {
        HookSession none = HookSession.seal(
                "bob",
                new HookClaims.ForAgent(Map.of(), Map.of()),
                n -> new Handler.Ready(hostile),
                new HookRunner(HookRunner.DEFAULT_DEADLINE),
                System::nanoTime);
        HookRun run = none.run(new HookInput.Command("ls"));
        assertEquals(
                Reason.NO_HANDLER,
                ((HookOutcome.Abstained) run.outcome()).abstention().reason());
        assertEquals(RiskLevel.READ_ONLY, risk(run), "the built-in classifier decides");
        HookSession two = HookSession.seal(
                "bob",
                new HookClaims.ForAgent(Map.of(HookId.COMMAND_RISK, List.of("a", "b")), Map.of()),
                n -> new Handler.Ready(hostile),
                new HookRunner(HookRunner.DEFAULT_DEADLINE),
                System::nanoTime);
        Abstention a =
                ((HookOutcome.Abstained) two.run(new HookInput.Command("ls")).outcome()).abstention();
        assertEquals(Reason.NOT_ALLOWED, a.reason());
        assertTrue(a.detail().contains("plugins a and b both claim"), a.detail());
        assertTrue(hostile.processTree().isEmpty(), "no plugin was started");
    }

    @Test
    void eventsReachTheObserverAndAFullQueueCountsDrops() throws Exception {
        Path log = dir.resolve("events.jsonl");
        EventDelivery d = session.event(
                "session-start", JsonNodeFactory.instance.objectNode().put("n", 1));
        assertEquals(List.of("hostile"), d.queued());
        awaitLines(log, 1);
        assertTrue(
                Files.readString(log).contains("\"event\":\"session-start\",\"agent\":\"alice\""),
                Files.readString(log));

        // an observer that cannot be reached yet: its sender waits in the resolver, the queue
        // holds one event, every other one is dropped and counted
        java.util.concurrent.CountDownLatch reachable = new java.util.concurrent.CountDownLatch(1);
        Map<String, List<String>> observers = Map.of("tool-end", List.of("hostile"));
        try (HookSession slow = HookSession.seal(
                AGENT,
                new HookClaims.ForAgent(Map.of(), observers),
                name -> {
                    try {
                        reachable.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new Handler.Ready(hostile);
                },
                new HookRunner(HookRunner.DEFAULT_DEADLINE),
                System::nanoTime,
                1)) {
            int dropped = 0;
            for (int i = 0; i < 20; i++) {
                dropped += slow.event(
                                "tool-end",
                                JsonNodeFactory.instance.objectNode().put("i", i))
                        .dropped()
                        .size();
            }
            // the sender took the first (or not yet) and the queue holds one: 18 or 19 dropped
            assertTrue(dropped == 18 || dropped == 19, "dropped " + dropped);
            assertEquals((long) dropped, slow.droppedEvents().get("hostile"));
            reachable.countDown();
            awaitLines(log, 1 + 20 - dropped);
            assertEquals(20 - dropped, slow.sentEvents().get("hostile"));
        }
    }

    @Test
    void badEventsAreRefusedBeforeAnythingIsQueued() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> session.event("session-begin", JsonNodeFactory.instance.objectNode()));
        assertTrue(e.getMessage().startsWith("'session-begin' is not a lifecycle event: use one of session-start"));
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> session.event("tool-end", JsonNodeFactory.instance.arrayNode()));
    }

    private static RiskLevel risk(HookRun run) {
        return ((HookDecision.CommandRisk) run.decision()).decision().level();
    }

    private static void awaitLines(Path file, int n) throws Exception {
        try (var watch = file.getFileSystem().newWatchService()) {
            file.getParent()
                    .register(
                            watch,
                            java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY,
                            java.nio.file.StandardWatchEventKinds.ENTRY_CREATE);
            long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!Files.exists(file) || Files.readAllLines(file).size() < n) {
                if (System.nanoTime() > end) {
                    throw new AssertionError("no " + n + " lines in " + file);
                }
                watch.poll(200, java.util.concurrent.TimeUnit.MILLISECONDS);
            }
        }
    }
}
