package dev.animus.runtime;

/**
 * An operator act on installed plugins could not be done; nothing persisted was changed. The
 * message is one line naming the plugin or file, why, and what to do.
 */
public final class InstallFailed extends RuntimeException implements InstallationFailure {
    private static final long serialVersionUID = 1L;

    /** What kind of failure: it decides the exit code. */
    public enum Kind {
        /** Bad input or an unmet requirement (exit 2). */
        USAGE,
        /** A digest, lock or signature did not match (exit 3). */
        VERIFICATION,
        /** Anything else (exit 1). */
        FAILED
    }

    private final Kind kind;

    InstallFailed(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    static InstallFailed usage(String message) {
        return new InstallFailed(Kind.USAGE, message, null);
    }

    static InstallFailed verification(String message) {
        return new InstallFailed(Kind.VERIFICATION, message, null);
    }

    static InstallFailed failed(String message, Throwable cause) {
        return new InstallFailed(Kind.FAILED, message, cause);
    }

    public Kind kind() {
        return kind;
    }
}
