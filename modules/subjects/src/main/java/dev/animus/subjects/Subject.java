package dev.animus.subjects;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One work item as a backend answered it (docs/protocol.md#subjects). The JSON is kept whole, so
 * fields the host does not know ({@code custom}, a backend's extras) pass through to front ends
 * and clients unchanged; the accessors read the shared fields.
 *
 * @param json the subject object; it has at least a string {@code id}, {@code kind} and {@code title}
 *     and a known {@code status}
 */
public record Subject(ObjectNode json) {
    public Subject {
        Objects.requireNonNull(json, "json");
        for (String field : List.of("id", "kind", "title", "status")) {
            if (!json.path(field).isString()) {
                throw new SubjectInvalid("a subject needs a string '" + field + "', got " + brief(json));
            }
        }
        try {
            SubjectStatus.parse(json.path("status").asString());
        } catch (IllegalArgumentException e) {
            throw new SubjectInvalid("subject " + json.path("id").asString() + ": " + e.getMessage());
        }
    }

    /**
     * The subject {@code node} holds.
     *
     * @throws SubjectInvalid when it is not an object with the required fields
     */
    public static Subject of(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new SubjectInvalid("a subject must be a JSON object, got " + brief(node));
        }
        return new Subject(((ObjectNode) node).deepCopy());
    }

    public String id() {
        return json.path("id").asString();
    }

    public String kind() {
        return json.path("kind").asString();
    }

    public String title() {
        return json.path("title").asString();
    }

    public SubjectStatus status() {
        return SubjectStatus.parse(json.path("status").asString());
    }

    public Optional<String> description() {
        return text("description");
    }

    public OptionalInt priority() {
        JsonNode p = json.path("priority");
        return p.isIntegralNumber() ? OptionalInt.of(p.asInt()) : OptionalInt.empty();
    }

    public Optional<String> assignee() {
        return text("assignee");
    }

    public List<String> labels() {
        List<String> labels = new ArrayList<>();
        json.path("labels").forEach(l -> {
            if (l.isString()) {
                labels.add(l.asString());
            }
        });
        return List.copyOf(labels);
    }

    /** {@code updated_at} as the backend wrote it (RFC 3339), when it did. */
    public Optional<String> updatedAt() {
        return text("updated_at");
    }

    /** {@code created_at} as the backend wrote it (RFC 3339), when it did. */
    public Optional<String> createdAt() {
        return text("created_at");
    }

    private Optional<String> text(String field) {
        JsonNode v = json.path(field);
        return v.isString() ? Optional.of(v.asString()) : Optional.empty();
    }

    private static String brief(JsonNode node) {
        String s = String.valueOf(node);
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }
}
