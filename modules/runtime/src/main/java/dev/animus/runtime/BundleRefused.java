package dev.animus.runtime;

/**
 * A Sigstore bundle that does not verify, or a trusted root that cannot be read.
 *
 * <p>{@code reason} is the verifier's reason as a constant name ({@code IDENTITY_MISMATCH}, ...).
 */
public final class BundleRefused extends RuntimeException implements UseCaseFailure {
    private static final long serialVersionUID = 1L;

    /** The reason a trusted root that cannot be read is given. */
    public static final String MALFORMED_TRUSTED_ROOT = "MALFORMED_TRUSTED_ROOT";

    private final String reason;

    BundleRefused(String reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    /** Why, as a constant name. */
    public String reason() {
        return reason;
    }

    /** Whether the trusted root could not be read: the operator's to fix, not the bundle's fault. */
    public boolean trustedRootMalformed() {
        return MALFORMED_TRUSTED_ROOT.equals(reason);
    }
}
