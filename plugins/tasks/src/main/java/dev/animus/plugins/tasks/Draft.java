package dev.animus.plugins.tasks;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/** What {@code create} makes: a new subject of {@code kind}, status {@code ready}. */
record Draft(
        String kind,
        String title,
        Optional<String> description,
        Optional<Integer> priority,
        List<String> labels,
        Optional<String> assignee,
        Optional<SubjectId> parent,
        ObjectNode custom) {
    Draft {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(title, "title");
        labels = List.copyOf(labels);
        custom = custom.deepCopy();
    }
}
