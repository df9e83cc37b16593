package dev.animus.core;

import java.util.Locale;
import java.util.Optional;

/** What the signature check of one install found (docs/security.md#signatures). */
public enum SignatureStatus {
    /** A bundle verified for the expected signer. */
    VERIFIED,
    /** No signature bundle was published with the code (or the source cannot carry one). */
    UNSIGNED,
    /** A bundle was published but does not verify (forged, tampered, malformed, or for other bytes). */
    INVALID,
    /** A bundle verifies, but for someone other than the expected signer. */
    UNTRUSTED_SIGNER,
    /** Checking was turned off ({@code --signature-policy disabled}). */
    SKIPPED;

    /** The word in the state document, the lockfile and output: {@code verified}, {@code untrusted_signer}, … */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status called {@code word}; empty for anything else. */
    public static Optional<SignatureStatus> ofWord(String word) {
        for (SignatureStatus s : values()) {
            if (s.word().equals(word)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
