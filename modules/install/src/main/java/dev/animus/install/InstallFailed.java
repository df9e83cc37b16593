package dev.animus.install;

import dev.animus.core.Guidance;

/**
 * An operator act on installed plugins could not be done; nothing persisted was changed.
 * {@link #guidance()} is one line naming the plugin or file, why, and what to do.
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
    private final transient Guidance guidance;

    InstallFailed(Kind kind, Guidance guidance, Throwable cause) {
        super(guidance.toString(), cause);
        this.kind = kind;
        this.guidance = guidance;
    }

    static InstallFailed usage(String message) {
        return usage(Guidance.text(message));
    }

    static InstallFailed usage(Guidance guidance) {
        return new InstallFailed(Kind.USAGE, guidance, null);
    }

    static InstallFailed verification(String message) {
        return verification(Guidance.text(message));
    }

    static InstallFailed verification(Guidance guidance) {
        return new InstallFailed(Kind.VERIFICATION, guidance, null);
    }

    static InstallFailed failed(String message, Throwable cause) {
        return new InstallFailed(Kind.FAILED, Guidance.text(message), cause);
    }

    /**
     * What could not be done, why and what to do, with the fixes as values: a front end renders
     * them ({@link #getMessage()} shows each as its value, for logs).
     */
    public Guidance guidance() {
        return guidance;
    }

    public Kind kind() {
        return kind;
    }
}
