package dev.animus.install;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One lockfile entry against what is installed, re-hashed just now ({@code plugin lock verify}).
 *
 * @param actual the digest found, when there is one to report
 * @param detail one line: why it does not match, or what is missing
 */
public record LockCheck(String name, String locked, Status status, Optional<String> actual, String detail) {
    /** The detail of a pin whose plugin is not installed at all. */
    public static final String NOT_INSTALLED = "not installed";

    public enum Status {
        /** The installed code has the locked digest. */
        MATCH,
        /** The installed code (or what the store holds for it) has another digest. */
        MISMATCH,
        /** Nothing is installed under the name, or its store entry is gone. */
        MISSING;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Whether this is a pin of a plugin that is not installed (not merely one whose store entry is
     * gone): what {@link TrustService#pruneLock} drops.
     */
    public boolean pinWithoutInstall() {
        return status == Status.MISSING && detail.equals(NOT_INSTALLED);
    }

    public LockCheck {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(locked, "locked");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(actual, "actual");
        Objects.requireNonNull(detail, "detail");
    }
}
