package dev.animus.plugins.tasks;

import java.util.Objects;
import java.util.Optional;

/**
 * One row of the change log: every write appends one in its own transaction, so the log is the
 * commits in order, whichever process made them.
 *
 * @param seq the log's row number, increasing in commit order
 * @param kind {@code created}, {@code updated}, {@code status-changed} or {@code deleted}
 * @param subject the subject as the write left it; empty for {@code deleted}
 */
record Change(long seq, SubjectId id, String kind, Optional<Subject> subject) {
    Change {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(subject, "subject");
    }
}
