package dev.animus.triggers;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * What a trigger's event becomes (docs/daemon.md#triggers), decided purely from the event and its
 * trigger's config: {@code create_task} a subject, {@code run_workflow} a queue entry, anything
 * else nothing but a record. Closed: a dispatcher switches over it without a default.
 */
public sealed interface EventAction {
    /** The subject kind when neither the event nor the trigger's table names one. */
    String DEFAULT_KIND = "task";

    /**
     * Create a subject: {@code kind} is the event's {@code subject_kind}, else the table's
     * {@code kind}, else {@value #DEFAULT_KIND}; {@code labels} the payload's, then the table's.
     */
    record CreateTask(String kind, String title, Optional<String> description, List<String> labels)
            implements EventAction {
        public CreateTask {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(description, "description");
            labels = List.copyOf(labels);
        }
    }

    /** Queue the subject {@code subjectId} ({@code queue/enqueue}). */
    record RunWorkflow(String subjectId) implements EventAction {
        public RunWorkflow {
            Objects.requireNonNull(subjectId, "subjectId");
        }
    }

    /** No hint, or one the host does not know: acknowledged {@code unmatched}. */
    record Unmatched(Optional<String> actionHint) implements EventAction {
        public Unmatched {
            Objects.requireNonNull(actionHint, "actionHint");
        }
    }

    /** A known hint the event cannot carry out (a task without a title): acknowledged {@code failed}. */
    record Unusable(String reason) implements EventAction {
        public Unusable {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** What {@code event} of a trigger configured with {@code config} becomes. */
    static EventAction of(TriggerEvent event, TriggerConfig config) {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(config, "config");
        String hint = event.actionHint().orElse("");
        return switch (hint) {
            case "create_task" -> task(event, config);
            case "run_workflow" ->
                event.subjectId()
                        .filter(s -> !s.isBlank())
                        .<EventAction>map(RunWorkflow::new)
                        .orElseGet(() -> new Unusable("event " + event.eventId() + ": run_workflow needs subject_id"));
            default -> new Unmatched(event.actionHint());
        };
    }

    private static EventAction task(TriggerEvent event, TriggerConfig config) {
        JsonNode p = event.payload();
        String id = event.eventId();
        if (!p.path("title").isString() || p.path("title").stringValue().isBlank()) {
            return new Unusable("event " + id + ": create_task needs payload.title, a non-empty string");
        }
        JsonNode d = p.path("description");
        if (!d.isMissingNode() && !d.isNull() && !d.isString()) {
            return new Unusable("event " + id + ": payload.description must be a string");
        }
        Set<String> labels = new LinkedHashSet<>();
        JsonNode l = p.path("labels");
        if (!l.isMissingNode() && !l.isNull()) {
            if (!l.isArray()) {
                return new Unusable("event " + id + ": payload.labels must be an array of strings");
            }
            for (JsonNode item : l) {
                if (!item.isString() || item.stringValue().isBlank()) {
                    return new Unusable("event " + id + ": payload.labels must be an array of non-empty strings");
                }
                labels.add(item.stringValue());
            }
        }
        labels.addAll(config.labels());
        String kind =
                event.subjectKind().filter(k -> !k.isBlank()).or(config::kind).orElse(DEFAULT_KIND);
        return new CreateTask(
                kind,
                p.path("title").stringValue(),
                d.isString() ? Optional.of(d.stringValue()) : Optional.empty(),
                new ArrayList<>(labels));
    }
}
