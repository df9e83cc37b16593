package dev.animus.plugins.schedule;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One schedule of the config: when it fires and what its events say.
 *
 * @param id unique within the config; the events' {@code trigger_id} and the prefix of their {@code event_id}
 * @param cron when it fires, in UTC
 * @param actionHint the events' {@code action_hint}
 * @param kind the events' {@code subject_kind}, if set
 * @param title the events' {@code payload.title}
 * @param description the events' {@code payload.description}, if set
 * @param labels the events' {@code payload.labels}, if any
 */
record Schedule(
        String id,
        Cron cron,
        String actionHint,
        Optional<String> kind,
        String title,
        Optional<String> description,
        List<String> labels) {
    Schedule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(cron, "cron");
        Objects.requireNonNull(actionHint, "actionHint");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        labels = List.copyOf(labels);
    }
}
