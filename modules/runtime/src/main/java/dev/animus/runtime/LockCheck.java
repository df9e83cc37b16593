package dev.animus.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * One lockfile entry against what is installed, re-hashed just now ({@code plugin lock verify}).
 *
 * @param actual the digest found, when there is one to report
 * @param detail one line: why it does not match, or what is missing
 */
public record LockCheck(String name, String locked, Status status, Optional<String> actual, String detail) {
    public enum Status {
        /** The installed code has the locked digest. */
        MATCH,
        /** The installed code (or what the store holds for it) has another digest. */
        MISMATCH,
        /** Nothing is installed under the name, or its store entry is gone. */
        MISSING;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public LockCheck {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(locked, "locked");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(actual, "actual");
        Objects.requireNonNull(detail, "detail");
    }
}
