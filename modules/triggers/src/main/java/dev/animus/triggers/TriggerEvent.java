package dev.animus.triggers;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One {@code trigger/event} a trigger plugin sent (docs/protocol.md#triggers): flat params, of which
 * {@code event_id} (1 to {@value #MAX_ID} characters) and {@code payload} (an object) are required;
 * {@code trigger_id}, {@code subject_id}, {@code subject_kind}, {@code action_hint} and
 * {@code cursor} (at most {@value #MAX_CURSOR} characters) are optional strings. Unknown fields are
 * ignored; a {@code null} optional field is absent.
 */
public record TriggerEvent(
        String eventId,
        Optional<String> triggerId,
        Optional<String> subjectId,
        Optional<String> subjectKind,
        Optional<String> actionHint,
        Optional<String> cursor,
        ObjectNode payload) {
    /** The longest {@code event_id}: ids are kept in memory and in the journal. */
    public static final int MAX_ID = 256;
    /** The longest {@code cursor}: it is stored on one line of the journal. */
    public static final int MAX_CURSOR = 4096;

    public TriggerEvent {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(triggerId, "triggerId");
        Objects.requireNonNull(subjectId, "subjectId");
        Objects.requireNonNull(subjectKind, "subjectKind");
        Objects.requireNonNull(actionHint, "actionHint");
        Objects.requireNonNull(cursor, "cursor");
        payload = Objects.requireNonNull(payload, "payload").deepCopy();
        if (eventId.isEmpty() || eventId.length() > MAX_ID) {
            throw new IllegalArgumentException("event_id must have 1 to " + MAX_ID + " characters");
        }
        cursor.ifPresent(c -> {
            if (c.length() > MAX_CURSOR) {
                throw new IllegalArgumentException("cursor must have at most " + MAX_CURSOR + " characters");
            }
        });
    }

    /** What reading the params of a {@code trigger/event} gave. Closed. */
    public sealed interface Parsed {}

    /** A well-formed event. */
    public record Valid(TriggerEvent event) implements Parsed {
        public Valid {
            Objects.requireNonNull(event, "event");
        }
    }

    /** Params that are no event: why, in one line naming the field. */
    public record Malformed(String reason) implements Parsed {
        public Malformed {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Reads {@code params}; never throws. */
    public static Parsed parse(JsonNode params) {
        if (params == null || !params.isObject()) {
            return new Malformed("trigger/event params must be an object");
        }
        JsonNode id = params.path("event_id");
        if (!id.isString() || id.stringValue().isEmpty()) {
            return new Malformed("trigger/event needs event_id, a non-empty string");
        }
        if (id.stringValue().length() > MAX_ID) {
            return new Malformed("trigger/event event_id is longer than " + MAX_ID + " characters");
        }
        JsonNode payload = params.path("payload");
        if (!payload.isObject()) {
            return new Malformed("trigger/event " + id.stringValue() + ": payload must be an object");
        }
        List<Optional<String>> fields = new ArrayList<>();
        for (String name : OPTIONAL) {
            JsonNode v = params.path(name);
            if (v.isMissingNode() || v.isNull()) {
                fields.add(Optional.empty());
            } else if (v.isString()) {
                fields.add(Optional.of(v.stringValue()));
            } else {
                return new Malformed("trigger/event " + id.stringValue() + ": " + name + " must be a string");
            }
        }
        Optional<String> cursor = fields.get(4);
        if (cursor.isPresent() && cursor.get().length() > MAX_CURSOR) {
            return new Malformed(
                    "trigger/event " + id.stringValue() + ": cursor is longer than " + MAX_CURSOR + " characters");
        }
        return new Valid(new TriggerEvent(
                id.stringValue(), fields.get(0), fields.get(1), fields.get(2), fields.get(3), cursor, (ObjectNode)
                        payload));
    }

    private static final List<String> OPTIONAL =
            List.of("trigger_id", "subject_id", "subject_kind", "action_hint", "cursor");

    /** The params this event is read from ({@link #parse} of them gives it back). */
    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("event_id", eventId);
        triggerId.ifPresent(v -> o.put("trigger_id", v));
        subjectId.ifPresent(v -> o.put("subject_id", v));
        subjectKind.ifPresent(v -> o.put("subject_kind", v));
        actionHint.ifPresent(v -> o.put("action_hint", v));
        cursor.ifPresent(v -> o.put("cursor", v));
        o.set("payload", payload.deepCopy());
        return o;
    }
}
