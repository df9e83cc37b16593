package dev.animus.store;

import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.InstallState;
import dev.animus.core.OneLine;
import java.nio.file.Path;

/**
 * The state document cannot be used (docs/security.md#the-state-document): it is not JSON, it is
 * truncated, it has a wrong shape, or its {@code schema_version} is one this build does not know.
 * Nothing is ever written over such a document: it is retained for recovery, byte-identical, until
 * the operator repairs it ({@link StateStore#quarantine}) or upgrades animus.
 *
 * <p>The message is one line: {@code <file>: <field>: <reason>; <what happens and what to do>},
 * where {@code field} is the path of the offending value ({@code plugins.echo.current.digest}),
 * or {@code (syntax)} / {@code (document)} when there is no such path.
 *
 * <p>A document that is not a regular file (a FIFO, a directory, a link) is one too, at
 * {@code (document)}; so is one whose mode or owner lets someone else change it, which is not
 * {@link #repairable()}: the fix is {@code chmod 600} (or {@code chown}), not setting it aside.
 */
public final class DocumentUnreadable extends RuntimeException implements StoreFailure {
    private static final long serialVersionUID = 1L;

    private static final String RETAINED = "the document is retained for recovery and left unchanged";
    private static final Guidance REPAIR =
            Guidance.of("run '", new Fix.RepairState(), "' to set it aside (nothing is deleted)");
    private static final Guidance UPGRADE = Guidance.of(new Fix.UpgradeAnimus(), " to a version that reads it");

    private final transient Path file;
    private final boolean repairable;
    private final transient Guidance guidance;

    private DocumentUnreadable(Path file, String field, String reason, Guidance nextStep, Throwable cause) {
        this(file, field, reason, nextStep, cause, true);
    }

    private DocumentUnreadable(
            Path file, String field, String reason, Guidance nextStep, Throwable cause, boolean repairable) {
        this(
                Guidance.text(OneLine.of(file + ": " + field + ": " + reason + "; " + RETAINED + "; "))
                        .then(nextStep),
                file,
                cause,
                repairable);
    }

    private DocumentUnreadable(Guidance guidance, Path file, Throwable cause, boolean repairable) {
        super(guidance.toString(), cause);
        this.guidance = guidance;
        this.file = file;
        this.repairable = repairable;
    }

    @Override
    public Guidance guidance() {
        return guidance;
    }

    /**
     * The document's mode or owner lets someone other than the operator change it: it is not read
     * (what it grants may not be the operator's), and the repair command does not set it aside
     * either, since its content may well be fine; {@code fix} says what the operator runs.
     */
    static DocumentUnreadable unsafe(Path file, String reason, String fix) {
        return new DocumentUnreadable(file, "(document)", reason, Guidance.text(fix), null, false);
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
            return new DocumentUnreadable(
                    file,
                    "schema_version",
                    "schema " + version + " is newer than this animus reads (" + InstallState.SCHEMA_VERSION + ")",
                    UPGRADE,
                    null);
        }
        return at(
                file,
                "schema_version",
                "unknown schema " + version + " (this animus reads " + InstallState.SCHEMA_VERSION + ")");
    }

    /**
     * Whether {@link StateStore#quarantine} sets the document aside: false when only its mode or
     * owner is wrong ({@link #unsafe}), which the operator fixes in place.
     */
    public boolean repairable() {
        return repairable;
    }

    /** The state document that cannot be used. */
    public Path file() {
        return file;
    }
}
