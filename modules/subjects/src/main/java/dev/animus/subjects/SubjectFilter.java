package dev.animus.subjects;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a {@code list} or a watch selects (docs/protocol.md#subjects): the AND of what is given; an
 * empty list selects everything of that field.
 *
 * @param kinds the kinds; empty: every backend's (list fans out)
 * @param statuses any of these statuses
 * @param assignees any of these assignees
 * @param labelsAny at least one of these labels
 * @param labelsAll all of these labels
 * @param updatedSince changed at or after this instant
 * @param cursor the {@code next_cursor} of the page before
 * @param limit at most this many subjects
 */
public record SubjectFilter(
        List<String> kinds,
        List<SubjectStatus> statuses,
        List<String> assignees,
        List<String> labelsAny,
        List<String> labelsAll,
        Optional<Instant> updatedSince,
        Optional<String> cursor,
        OptionalInt limit) {
    public SubjectFilter {
        kinds = List.copyOf(kinds);
        statuses = List.copyOf(statuses);
        assignees = List.copyOf(assignees);
        labelsAny = List.copyOf(labelsAny);
        labelsAll = List.copyOf(labelsAll);
        Objects.requireNonNull(updatedSince, "updatedSince");
        Objects.requireNonNull(cursor, "cursor");
        Objects.requireNonNull(limit, "limit");
        limit.ifPresent(n -> {
            if (n < 1) {
                throw new IllegalArgumentException("a list limit must be at least 1, got " + n);
            }
        });
    }

    /** Everything. */
    public static SubjectFilter all() {
        return new SubjectFilter(
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                OptionalInt.empty());
    }

    public SubjectFilter withKinds(List<String> k) {
        return new SubjectFilter(k, statuses, assignees, labelsAny, labelsAll, updatedSince, cursor, limit);
    }

    public SubjectFilter withStatuses(List<SubjectStatus> s) {
        return new SubjectFilter(kinds, s, assignees, labelsAny, labelsAll, updatedSince, cursor, limit);
    }

    public SubjectFilter withLabelsAny(List<String> l) {
        return new SubjectFilter(kinds, statuses, assignees, l, labelsAll, updatedSince, cursor, limit);
    }

    public SubjectFilter withLabelsAll(List<String> l) {
        return new SubjectFilter(kinds, statuses, assignees, labelsAny, l, updatedSince, cursor, limit);
    }

    public SubjectFilter withCursor(Optional<String> c) {
        return new SubjectFilter(kinds, statuses, assignees, labelsAny, labelsAll, updatedSince, c, limit);
    }

    public SubjectFilter withLimit(int n) {
        return new SubjectFilter(
                kinds, statuses, assignees, labelsAny, labelsAll, updatedSince, cursor, OptionalInt.of(n));
    }

    public SubjectFilter withoutLimit() {
        return new SubjectFilter(
                kinds, statuses, assignees, labelsAny, labelsAll, updatedSince, cursor, OptionalInt.empty());
    }

    /** The {@code filter} object of a {@code list} call; empty fields are left out. */
    public ObjectNode toJson() {
        ObjectNode f = JsonNodeFactory.instance.objectNode();
        strings(f, "kind", kinds);
        strings(f, "status", statuses.stream().map(SubjectStatus::wire).toList());
        strings(f, "assignee", assignees);
        strings(f, "labels_any", labelsAny);
        strings(f, "labels_all", labelsAll);
        updatedSince.ifPresent(t -> f.put("updated_since", t.toString()));
        cursor.ifPresent(c -> f.put("cursor", c));
        limit.ifPresent(n -> f.put("limit", n));
        return f;
    }

    private static void strings(ObjectNode f, String field, List<String> values) {
        if (!values.isEmpty()) {
            values.forEach(f.putArray(field)::add);
        }
    }
}
