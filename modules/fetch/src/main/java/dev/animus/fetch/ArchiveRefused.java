package dev.animus.fetch;

import java.util.Objects;

/**
 * An archive that must not be extracted (docs/security.md#downloads-and-archives), with a one-line
 * message naming the archive, the entry and what is wrong. Nothing was written outside the
 * extraction directory.
 */
public final class ArchiveRefused extends RuntimeException implements FetchFailure {
    private static final long serialVersionUID = 1L;

    /** Why. */
    public enum Reason {
        LINK,
        SPECIAL_FILE,
        ABSOLUTE_PATH,
        PARENT_PATH,
        BAD_NAME,
        OUTSIDE_TARGET,
        DUPLICATE,
        TOO_LARGE,
        TOO_MANY_ENTRIES,
        CORRUPT
    }

    private final Reason reason;
    private final String entry;

    ArchiveRefused(Reason reason, String archive, String entry, String what) {
        super(archive + ": " + (entry.isEmpty() ? "" : "entry " + Names.quote(entry) + " ") + what
                + "; refusing the archive");
        this.reason = Objects.requireNonNull(reason, "reason");
        this.entry = entry;
    }

    public Reason reason() {
        return reason;
    }

    /** The entry's name as the archive gives it (empty when the archive as a whole is at fault). */
    public String entry() {
        return entry;
    }
}
