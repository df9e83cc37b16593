package dev.animus.install;

import java.util.Locale;
import java.util.Optional;

/**
 * What a release install does with its signature check ({@code --signature-policy},
 * docs/security.md#signatures).
 */
public enum SignaturePolicy {
    /** Anything but a verified signature by the repository's release workflow aborts the install. */
    STRICT,
    /** The outcome is recorded and, unless verified, warned about; the install continues. The default. */
    WARN,
    /** No signature is looked for; the install is recorded as {@code skipped}. */
    DISABLED;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SignaturePolicy> ofWord(String word) {
        for (SignaturePolicy p : values()) {
            if (p.word().equals(word)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
