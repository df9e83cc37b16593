package dev.animus.plugins.tasks;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * One stored subject, as {@code get} answers it.
 *
 * @param createdAt and {@code updatedAt}: RFC 3339 UTC with milliseconds, fixed width
 * @param custom the subject's own fields, a JSON object (a copy is kept)
 * @param comments the comments in the order they were made; empty where a list leaves them out
 */
record Subject(
        SubjectId id,
        String title,
        Optional<String> description,
        Status status,
        Optional<Integer> priority,
        Optional<String> assignee,
        List<String> labels,
        Optional<SubjectId> parent,
        List<SubjectId> children,
        String createdAt,
        String updatedAt,
        ObjectNode custom,
        List<Comment> comments) {
    Subject {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(status, "status");
        labels = List.copyOf(labels);
        children = List.copyOf(children);
        custom = custom.deepCopy();
        comments = List.copyOf(comments);
    }

    /** One comment: its text and when it was made (RFC 3339 UTC). */
    record Comment(String text, String at) {
        Comment {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(at, "at");
        }
    }
}
