package dev.animus.core;

import java.util.Objects;
import java.util.Optional;

/**
 * The signature check of one install, as the state document records it.
 *
 * @param status what the check found
 * @param bundleSha256 the SHA-256 of the signature bundle that was checked, if there was one
 * @param signer who signed, when a bundle verified (its certificate identity) or named another signer
 */
public record SignatureCheck(SignatureStatus status, Optional<String> bundleSha256, Optional<String> signer) {
    public SignatureCheck {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(bundleSha256, "bundleSha256");
        Objects.requireNonNull(signer, "signer");
        bundleSha256.ifPresent(d -> Digests.requireSha256(d, "signature bundle digest"));
        if (status == SignatureStatus.UNSIGNED || status == SignatureStatus.SKIPPED) {
            if (bundleSha256.isPresent() || signer.isPresent()) {
                throw new IllegalArgumentException("an " + status.word() + " install names no bundle and no signer");
            }
        } else if (bundleSha256.isEmpty()) {
            throw new IllegalArgumentException("a " + status.word() + " signature check names its bundle's digest");
        }
    }

    /** Nothing was published to check, or the source cannot carry a signature (a local path, a URL). */
    public static SignatureCheck unsigned() {
        return new SignatureCheck(SignatureStatus.UNSIGNED, Optional.empty(), Optional.empty());
    }

    /** The operator turned checking off. */
    public static SignatureCheck skipped() {
        return new SignatureCheck(SignatureStatus.SKIPPED, Optional.empty(), Optional.empty());
    }

    /** The status word. */
    public String word() {
        return status.word();
    }
}
