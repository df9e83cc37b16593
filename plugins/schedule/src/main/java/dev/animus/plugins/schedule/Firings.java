package dev.animus.plugins.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which schedules are due, as a pure state machine over instants the caller gives: a schedule is
 * due at {@code now} when its latest firing at or before {@code now} is after the last one it
 * fired (from the cursor; for a schedule the cursor does not name, the instant the watch began).
 * So a schedule fires once per firing while it is watched, and after any gap (downtime, a late
 * wake-up) exactly once, for the latest firing it missed: never once per missed slot. Not
 * thread-safe: one loop owns it.
 */
final class Firings {
    /** One firing of one schedule. */
    record Firing(Schedule schedule, Instant at) {
        Firing {
            Objects.requireNonNull(schedule, "schedule");
            Objects.requireNonNull(at, "at");
        }

        /** {@code <schedule id>@<RFC 3339 instant>}. */
        String eventId() {
            return schedule.id() + "@" + at;
        }
    }

    private final List<Schedule> schedules;
    private final Map<String, Instant> since = new LinkedHashMap<>();
    private final Map<String, Instant> fired = new LinkedHashMap<>();

    /**
     * @param cursor the last firing of each schedule by id (entries of unknown ids are dropped)
     * @param start when the watch began: the schedules the cursor does not name fire only after it
     */
    Firings(List<Schedule> schedules, Map<String, Instant> cursor, Instant start) {
        this.schedules = List.copyOf(schedules);
        for (Schedule s : this.schedules) {
            Instant last = cursor.get(s.id());
            since.put(s.id(), last != null ? last : start);
            if (last != null) {
                fired.put(s.id(), last);
            }
        }
    }

    /** The firings due at {@code now}, in schedule order; each is then recorded as fired. */
    List<Firing> due(Instant now) {
        List<Firing> out = new ArrayList<>();
        for (Schedule s : schedules) {
            Optional<Instant> latest = s.cron().latest(now);
            if (latest.isPresent() && latest.get().isAfter(since.get(s.id()))) {
                since.put(s.id(), latest.get());
                fired.put(s.id(), latest.get());
                out.add(new Firing(s, latest.get()));
            }
        }
        return out;
    }

    /** When the next schedule fires after {@code now}; empty when none ever does. */
    Optional<Instant> next(Instant now) {
        return schedules.stream()
                .map(s -> s.cron().next(now))
                .flatMap(Optional::stream)
                .min(Instant::compareTo);
    }

    /** The cursor as of now: the JSON text of {schedule id: last fired instant}. */
    String cursor() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        fired.forEach((id, at) -> o.put(id, at.toString()));
        return o.toString();
    }

    /** The {@code trigger/event} params of {@code f}, with the cursor as of now. */
    ObjectNode event(Firing f) {
        Schedule s = f.schedule();
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("event_id", f.eventId());
        p.put("trigger_id", s.id());
        p.put("action_hint", s.actionHint());
        s.kind().ifPresent(k -> p.put("subject_kind", k));
        p.put("cursor", cursor());
        ObjectNode payload = p.putObject("payload");
        payload.put("title", s.title());
        s.description().ifPresent(d -> payload.put("description", d));
        if (!s.labels().isEmpty()) {
            var labels = payload.putArray("labels");
            s.labels().forEach(labels::add);
        }
        payload.put("schedule", s.id());
        payload.put("fired_at", f.at().toString());
        return p;
    }
}
