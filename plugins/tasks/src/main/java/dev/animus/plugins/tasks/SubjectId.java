package dev.animus.plugins.tasks;

import java.util.Objects;
import java.util.Optional;

/**
 * A subject's id, {@code <kind>:<number>} ({@code task:42}): the kind it was created as and its row
 * number, which is unique across the kinds of one database.
 */
record SubjectId(String kind, long number) {
    SubjectId {
        Objects.requireNonNull(kind, "kind");
    }

    /** The id {@code text}, if it is {@code <kind>:<positive number>}. */
    static Optional<SubjectId> parse(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            return Optional.empty();
        }
        String digits = text.substring(colon + 1);
        if (!digits.chars().allMatch(c -> c >= '0' && c <= '9') || digits.length() > 18) {
            return Optional.empty();
        }
        long n = Long.parseLong(digits);
        return n > 0 ? Optional.of(new SubjectId(text.substring(0, colon), n)) : Optional.empty();
    }

    @Override
    public String toString() {
        return kind + ":" + number;
    }
}
