package dev.animus.plugins.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Firings and the loop on a fake clock: one event per firing, and after a gap one, never one per missed slot. */
class CatchUpTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static Schedule schedule(String id, String cron) {
        return new Schedule(
                id, Cron.parse(cron), "create_task", Optional.empty(), "scheduled: " + id, Optional.empty(), List.of());
    }

    private static Instant at(String t) {
        return Instant.parse(t);
    }

    private static List<String> ids(List<Firings.Firing> fs) {
        return fs.stream().map(Firings.Firing::eventId).toList();
    }

    @Test
    void anOldCursorCatchesUpOnceWithTheLatestMissedFiringOfEachSchedule() {
        Firings f = new Firings(
                List.of(
                        schedule("minutely", "* * * * *"),
                        schedule("hourly", "0 * * * *"),
                        schedule("new", "* * * * *")),
                Map.of(
                        "minutely",
                        at("2026-12-01T10:00:00Z"),
                        "hourly",
                        at("2026-12-01T08:00:00Z"),
                        "gone",
                        at("2020-01-01T00:00:00Z")),
                at("2026-12-02T12:34:20Z"));
        assertEquals(
                List.of("minutely@2026-12-02T12:34:00Z", "hourly@2026-12-02T12:00:00Z"),
                ids(f.due(at("2026-12-02T12:34:20Z"))),
                "one event per schedule with a cursor, for its latest missed firing; none for one without");
        assertEquals(List.of(), ids(f.due(at("2026-12-02T12:34:59Z"))), "the same minute never fires twice");
        assertEquals(
                List.of("minutely@2026-12-02T12:35:00Z", "new@2026-12-02T12:35:00Z"),
                ids(f.due(at("2026-12-02T12:35:00Z"))));
        assertEquals(Optional.of(at("2026-12-02T12:36:00Z")), f.next(at("2026-12-02T12:35:00Z")));
        JsonNode cursor = JSON.readTree(f.cursor());
        assertEquals("2026-12-02T12:35:00Z", cursor.get("minutely").asString());
        assertEquals("2026-12-02T12:00:00Z", cursor.get("hourly").asString());
        assertEquals("2026-12-02T12:35:00Z", cursor.get("new").asString());
        assertEquals(3, cursor.size(), "the cursor forgets schedules that are gone: " + cursor);
    }

    @Test
    void aCursorAtOrAfterTheLatestFiringCatchesNothingUp() {
        Firings f = new Firings(
                List.of(schedule("hourly", "0 * * * *")),
                Map.of("hourly", at("2026-12-02T12:00:00Z")),
                at("2026-12-02T12:34:20Z"));
        assertEquals(List.of(), ids(f.due(at("2026-12-02T12:34:20Z"))));
    }

    @Test
    void theLoopFiresEveryMinuteOnAFakeClockAndAfterALateWakeUpOnlyOnce() {
        FakeClock clock = new FakeClock(at("2026-12-02T12:00:30Z"));
        List<ObjectNode> events = new ArrayList<>();
        List<Instant> waits = new ArrayList<>();
        Firings f = new Firings(List.of(schedule("m", "* * * * *")), Map.of(), clock.instant());
        Wakeup wakeup = when -> {
            waits.add(when);
            // the third wait oversleeps by 5 minutes and 10 seconds (a suspended laptop)
            clock.set(waits.size() == 3 ? when.plus(Duration.ofSeconds(310)) : when);
            return waits.size() < 6;
        };
        new ScheduleLoop(f, clock, wakeup, events::add).run();

        assertEquals(
                List.of(
                        "m@2026-12-02T12:01:00Z",
                        "m@2026-12-02T12:02:00Z",
                        "m@2026-12-02T12:08:00Z",
                        "m@2026-12-02T12:09:00Z",
                        "m@2026-12-02T12:10:00Z"),
                events.stream().map(e -> e.get("event_id").asString()).toList());
        assertEquals(at("2026-12-02T12:01:00Z"), waits.getFirst(), "the first wait is for the next minute");
        ObjectNode last = events.getLast();
        assertEquals("m", last.get("trigger_id").asString());
        assertEquals("create_task", last.get("action_hint").asString());
        assertEquals("scheduled: m", last.get("payload").get("title").asString());
        assertEquals("2026-12-02T12:10:00Z", last.get("payload").get("fired_at").asString());
        assertEquals("{\"m\":\"2026-12-02T12:10:00Z\"}", last.get("cursor").asString());
    }

    @Test
    void theClockWakeupReturnsAtOnceForAPastInstantAndFalseOnceClosed() throws Exception {
        FakeClock clock = new FakeClock(at("2026-12-02T12:00:00Z"));
        ClockWakeup w = new ClockWakeup(clock);
        assertEquals(true, w.until(at("2026-12-02T11:59:00Z")));
        w.close();
        w.close();
        assertEquals(false, w.until(at("2026-12-02T13:00:00Z")), "a closed wakeup never waits");
    }
}
