package dev.animus.subjects;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A subject to create (docs/protocol.md#subjects); the backend mints its id and timestamps.
 *
 * @param kind routes the call ({@code <kind>/create})
 * @param priority 0–255
 */
public record NewSubject(
        String kind,
        String title,
        Optional<String> description,
        List<String> labels,
        OptionalInt priority,
        Optional<String> assignee,
        Optional<String> parent) {
    public NewSubject {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        labels = List.copyOf(labels);
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(assignee, "assignee");
        Objects.requireNonNull(parent, "parent");
        if (title.isBlank()) {
            throw new IllegalArgumentException("a subject needs a title that is not blank");
        }
        priority.ifPresent(p -> {
            if (p < 0 || p > 255) {
                throw new IllegalArgumentException("priority " + p + " is not within 0–255");
            }
        });
    }

    /** A subject of {@code kind} with only a title. */
    public static NewSubject of(String kind, String title) {
        return new NewSubject(
                kind, title, Optional.empty(), List.of(), OptionalInt.empty(), Optional.empty(), Optional.empty());
    }

    /** The params of {@code <kind>/create}: everything but the kind, which the method names. */
    public ObjectNode toJson() {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("title", title);
        description.ifPresent(d -> p.put("description", d));
        if (!labels.isEmpty()) {
            labels.forEach(p.putArray("labels")::add);
        }
        priority.ifPresent(n -> p.put("priority", n));
        assignee.ifPresent(a -> p.put("assignee", a));
        parent.ifPresent(a -> p.put("parent", a));
        return p;
    }
}
