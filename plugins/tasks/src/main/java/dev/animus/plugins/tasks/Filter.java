package dev.animus.plugins.tasks;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code list} and {@code subject/watch} select: the AND of what is given; an empty list
 * selects everything. {@code after} and {@code limit} page a list (keyset pagination on the row
 * number, so a page never repeats or skips a subject however the others change).
 *
 * @param updatedSince RFC 3339 UTC in the store's fixed width, compared as text
 * @param after the row number the previous page ended with; 0 for the first page
 */
record Filter(
        Set<Status> status,
        Set<String> kinds,
        Set<String> assignees,
        Set<String> labelsAny,
        Set<String> labelsAll,
        Optional<String> updatedSince,
        long after,
        int limit) {
    /** The default and the largest page. */
    static final int DEFAULT_LIMIT = 100;

    static final int MAX_LIMIT = 1000;

    Filter {
        status = Set.copyOf(status);
        kinds = Set.copyOf(kinds);
        assignees = Set.copyOf(assignees);
        labelsAny = Set.copyOf(labelsAny);
        labelsAll = Set.copyOf(labelsAll);
    }

    /** Whether {@code s} is selected (pagination aside): the watch's test of a change's subject. */
    boolean matches(Subject s) {
        return (status.isEmpty() || status.contains(s.status()))
                && (kinds.isEmpty() || kinds.contains(s.id().kind()))
                && (assignees.isEmpty() || s.assignee().map(assignees::contains).orElse(false))
                && (labelsAny.isEmpty() || s.labels().stream().anyMatch(labelsAny::contains))
                && s.labels().containsAll(labelsAll)
                && updatedSince.map(t -> s.updatedAt().compareTo(t) >= 0).orElse(true);
    }

    /** This filter restricted to {@code kind} (a kind-scoped list): no kinds but it. */
    Filter onlyKind(String kind) {
        Set<String> k = kinds.isEmpty() || kinds.contains(kind) ? Set.of(kind) : Set.of();
        return new Filter(status, k, assignees, labelsAny, labelsAll, updatedSince, after, limit);
    }

    /** Whether no kind can match (a kind-scoped list asked for other kinds only). */
    boolean selectsNoKind(List<String> served) {
        return !kinds.isEmpty() && served.stream().noneMatch(kinds::contains);
    }
}
