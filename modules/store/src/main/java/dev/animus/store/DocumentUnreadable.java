package dev.animus.store;

import dev.animus.core.InstallState;
import dev.animus.core.OneLine;
import java.nio.file.Path;

/**
 * The state document cannot be used (security.md §3): it is not JSON, it is truncated, it has a
 * wrong shape, or its {@code schema_version} is one this build does not know. Nothing is ever
 * written over such a document: it is retained for recovery, byte-identical, until the operator
 * repairs it ({@link StateStore#quarantine}) or upgrades animus.
 *
 * <p>The message is one line: {@code <file>: <field>: <reason>; <what happens and what to do>},
 * where {@code field} is the path of the offending value ({@code plugins.echo.current.digest}),
 * or {@code (syntax)} / {@code (document)} when there is no such path.
 */
public final class DocumentUnreadable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private static final String RETAINED = "the document is retained for recovery and left unchanged";
    private static final String REPAIR = "run 'animus plugin state repair' to set it aside (nothing is deleted)";
    private static final String UPGRADE = "upgrade animus to a version that reads it";

    private final transient Path file;

    private DocumentUnreadable(Path file, String field, String reason, String nextStep, Throwable cause) {
        super(OneLine.of(file + ": " + field + ": " + reason + "; " + RETAINED + "; " + nextStep), cause);
        this.file = file;
    }

    /** The value at {@code field} breaks the document's shape because of {@code reason}. */
    static DocumentUnreadable at(Path file, String field, String reason) {
        return new DocumentUnreadable(file, field, reason, REPAIR, null);
    }

    /** The bytes are not one JSON document (corrupt or truncated). */
    static DocumentUnreadable syntax(Path file, String reason, Throwable cause) {
        return new DocumentUnreadable(file, "(syntax)", reason, REPAIR, cause);
    }

    /** The document declares a schema this build does not read. */
    static DocumentUnreadable schema(Path file, long version) {
        if (version > InstallState.SCHEMA_VERSION) {
            return new DocumentUnreadable(file, "schema_version", "schema " + version
                    + " is newer than this animus reads (" + InstallState.SCHEMA_VERSION + ")", UPGRADE, null);
        }
        return at(file, "schema_version", "unknown schema " + version + " (this animus reads "
                + InstallState.SCHEMA_VERSION + ")");
    }

    /** The state document that cannot be used. */
    public Path file() {
        return file;
    }
}
