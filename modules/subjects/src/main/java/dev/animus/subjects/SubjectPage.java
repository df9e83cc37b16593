package dev.animus.subjects;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a {@code list} (docs/protocol.md#subjects).
 *
 * @param nextCursor give it as the next filter's cursor for the page after; empty: the last page
 */
public record SubjectPage(List<Subject> subjects, Optional<String> nextCursor) {
    public SubjectPage {
        subjects = List.copyOf(subjects);
        Objects.requireNonNull(nextCursor, "nextCursor");
    }
}
