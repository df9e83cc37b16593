package dev.animus.sigstore;

import java.util.Objects;

/**
 * A bundle did not verify, for one typed {@link Reason}; the message names what was checked and what
 * was found. Thrown for every failure, malformed input included: a verifier that returns has verified.
 */
public final class VerificationFailed extends RuntimeException implements SigstoreFailure {
    private static final long serialVersionUID = 1L;

    /** Why verification stopped. */
    public enum Reason {
        /** The bundle is not valid JSON or not a well-formed bundle (a field is missing or invalid). */
        MALFORMED_BUNDLE,
        /** The bundle's media type or version is not one this verifier knows. */
        UNSUPPORTED_BUNDLE,
        /** The trusted root is not valid JSON or not a well-formed trusted root. */
        MALFORMED_TRUSTED_ROOT,
        /** The bundle is signed with a key but no key was given, or the other way round. */
        WRONG_MATERIAL,
        /** The signing certificate does not chain to a certificate authority of the trusted root at the signing time. */
        UNTRUSTED_CERTIFICATE,
        /** No valid signed certificate timestamp from a CT log of the trusted root. */
        INVALID_SCT,
        /** The certificate's subject alternative name does not match the expected identity. */
        IDENTITY_MISMATCH,
        /** The certificate's OIDC issuer does not match the expected issuer. */
        ISSUER_MISMATCH,
        /** The transparency log entry names a log the trusted root does not know (at that time). */
        UNKNOWN_LOG,
        /** The signed entry timestamp does not verify. */
        INVALID_SIGNED_ENTRY_TIMESTAMP,
        /** The inclusion proof does not lead to its root hash. */
        INVALID_INCLUSION_PROOF,
        /** The checkpoint is malformed, not signed by the log, or for another tree. */
        INVALID_CHECKPOINT,
        /** The log entry's body does not match the artifact, the signature or the signing key. */
        LOG_ENTRY_MISMATCH,
        /** An RFC 3161 timestamp is malformed, untrusted, or for other data. */
        INVALID_TIMESTAMP,
        /** No trusted time is left to check the certificate at (no verified integrated time or timestamp). */
        NO_TRUSTED_TIME,
        /** A trusted time falls outside the signing certificate's validity, or lies in the future. */
        TIME_OUTSIDE_VALIDITY,
        /** The artifact's digest is not the one that was signed. */
        ARTIFACT_MISMATCH,
        /** The signature over the artifact (or the DSSE envelope) does not verify. */
        INVALID_SIGNATURE,
        /** A key type or algorithm this verifier does not support. */
        UNSUPPORTED_ALGORITHM;

        /**
         * Whether this reason means a valid signature by someone other than the expected signer (the
         * {@code untrusted_signer} outcome), rather than an invalid one.
         */
        public boolean isWrongSigner() {
            return this == IDENTITY_MISMATCH || this == ISSUER_MISMATCH;
        }
    }

    private final Reason reason;

    public VerificationFailed(Reason reason, String message) {
        super(Objects.requireNonNull(message, "message"));
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public VerificationFailed(Reason reason, String message, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public Reason reason() {
        return reason;
    }
}
