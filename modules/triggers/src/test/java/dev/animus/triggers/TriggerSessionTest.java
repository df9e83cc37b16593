package dev.animus.triggers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.HostHello;
import dev.animus.core.TimeoutTable;
import dev.animus.host.LaunchSpec;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.Supervisor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Trigger sessions over the real test trigger plugin (modules/testplugins' animus-trigger-replay). */
class TriggerSessionTest {
    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    private PluginHost host;
    private final FakeTriggerClock clock = new FakeTriggerClock();
    private final List<TriggerNotice> notices = new CopyOnWriteArrayList<>();

    @BeforeEach
    void openHost() {
        // the host's own crash window (5 in 5 minutes, real time) disables the plugin at its 5th
        // quick crash; the session resets it, as its own backoff decides (decision 040)
        host = PluginHost.create(PluginHost.Options.defaults(HostHello.animus("test")));
    }

    @AfterEach
    void closeHost() {
        host.close();
    }

    private Supervisor replay() {
        Path exe = Path.of(System.getProperty("animus.testproviders.dir"), "animus-trigger-replay");
        assertTrue(Files.isExecutable(exe), "test plugin missing: " + exe);
        LaunchSpec spec = new LaunchSpec(
                "replay",
                exe,
                EnvironmentPolicy.declaring(Set.of()),
                Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "HOME", dir.toString()),
                Map.of(),
                Optional.empty());
        return host.register(new PluginRegistration(
                "replay", spec, TimeoutTable.defaults().with(TimeoutTable.LAUNCH, Duration.ofSeconds(20))));
    }

    private TriggerSession start(TriggerJournal journal, ObjectNode table, Dispatcher dispatcher) {
        TriggerConfig config = ((TriggerConfig.Usable) TriggerConfig.read("replay", table)).config();
        return TriggerSession.start(new TriggerSession.Options(
                "replay", replay(), journal, config, dispatcher, Backoff.standard(), clock, notices::add));
    }

    @Test
    void aThousandEventsWithACrashEveryHundredAreEachDispatchedExactlyOnce() throws Exception {
        Path acks = dir.resolve("acks");
        ObjectNode table = JsonNodeFactory.instance
                .objectNode()
                .put("total", 1000)
                .put("crash_every", 100)
                .put("replay", 3)
                .put("acks", acks.toString());
        Map<String, AtomicInteger> dispatched = new ConcurrentHashMap<>();
        Dispatcher recording = e -> {
            dispatched.computeIfAbsent(e.eventId(), k -> new AtomicInteger()).incrementAndGet();
            clock.advance(Duration.ofSeconds(1)); // each run of 100 events lasts 100 s: it resets the count
            return AckStatus.DISPATCHED;
        };
        try (TriggerJournal journal = TriggerJournal.open(dir.resolve("replay.journal"), DedupWindow.DEFAULT_CAPACITY);
                TriggerSession session = start(journal, table, recording)) {
            await(() -> journal.cursor().equals(Optional.of("999")) && dispatched.size() == 1000, "e999 handled");
            await(() -> session.status().state() == TriggerState.WATCHING, "watching again");
            assertEquals(1000, dispatched.size());
            assertTrue(dispatched.values().stream().allMatch(n -> n.get() == 1), "an event dispatched twice");
            // every run dispatches some 97 events, 97 s on the fake clock: each crash is failure 1 again
            TriggerStatus s = session.status();
            List<Duration> slept = clock.slept();
            assertEquals(Collections.nCopies(slept.size(), Duration.ofSeconds(1)), slept);
            assertEquals(slept.size(), s.restarts());
            assertTrue(s.restarts() >= 10 && s.restarts() <= 12, "restarts: " + s.restarts());

            // the acks the plugin received: never dispatched twice, each event acknowledged, every
            // replay (sent before anything new) acknowledged skipped
            await(
                    () -> lines(acks).stream()
                                    .filter(l -> l.endsWith(" skipped"))
                                    .count()
                            == session.status().skipped(),
                    "the skipped acks received");
            Map<String, List<String>> byId = new HashMap<>();
            for (String line : lines(acks)) {
                String[] f = line.split(" ");
                byId.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f[1]);
            }
            for (int i = 0; i < 1000; i++) {
                List<String> got = byId.getOrDefault("e" + i, List.of());
                assertTrue(
                        !got.isEmpty() && got.stream().allMatch(a -> a.equals("dispatched") || a.equals("skipped")),
                        "e" + i + ": " + got);
                assertTrue(got.stream().filter("dispatched"::equals).count() <= 1, "e" + i + ": " + got);
            }
            s = session.status();
            assertEquals(TriggerState.WATCHING, s.state());
            assertEquals(1000, s.dispatched());
            assertTrue(s.skipped() >= 3 * s.restarts(), "skipped " + s.skipped());
            assertEquals(s.dispatched() + s.skipped(), s.events());
            assertEquals(0, s.malformed());
            assertEquals(List.of(), notices);
        }
    }

    @Test
    void aPluginThatExitsAtOnceIsCrashedAfterFiveFailuresHavingWaitedOneTwoFourAndEight() throws Exception {
        ObjectNode table = JsonNodeFactory.instance.objectNode().put("exit_at_once", true);
        try (TriggerJournal journal = TriggerJournal.open(dir.resolve("j"), 16);
                TriggerSession session = start(journal, table, e -> AckStatus.DISPATCHED)) {
            await(() -> session.status().state() == TriggerState.CRASHED, "crashed");
            assertEquals(
                    List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(8)),
                    clock.slept());
            assertEquals(4, session.status().restarts());
            assertEquals(1, notices.size());
            assertEquals(5, ((TriggerNotice.Crashed) notices.getFirst()).failures());
        }
    }

    @Test
    void closingStopsTheWatchAndReleasesTheProcessWithNothingMoreSent() throws Exception {
        Path acks = dir.resolve("acks");
        ObjectNode table = JsonNodeFactory.instance.objectNode().put("total", 5).put("acks", acks.toString());
        TriggerJournal journal = TriggerJournal.open(dir.resolve("j"), 16);
        TriggerSession session = start(journal, table, e -> AckStatus.UNMATCHED);
        await(() -> Files.exists(acks) && lines(acks).size() == 5, "five acks");
        session.close();
        journal.close();
        assertEquals(TriggerState.STOPPED, session.status().state());
        assertEquals(5, session.status().unmatched());
        assertEquals(5, notices.size());
        assertTrue(
                lines(acks).stream().allMatch(l -> l.endsWith(" unmatched")),
                lines(acks).toString());
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            return List.of();
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within " + DEADLINE.toSeconds() + " s: " + what);
            }
            Thread.sleep(20); // waiting for real processes with a deadline, not timing logic
        }
    }
}
