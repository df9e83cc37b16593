package dev.animus.store;

import dev.animus.core.Digests;
import dev.animus.core.InstallSource;
import dev.animus.core.NameRule;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One locked plugin: the exact code installed under {@code name} (docs/security.md#the-lockfile).
 *
 * <p>Validation messages name the lockfile key of the offending value ({@code artifact_sha256},
 * ...), so the same text serves code that builds an entry and a file that holds a bad one.
 *
 * @param name the plugin name: a lowercase letter or digit, then up to 63 of {@code a-z 0-9 . _ -}
 * @param version the version the plugin declared; not blank
 * @param source where the code came from
 * @param artifactSha256 the code digest: 64 lowercase hex digits
 * @param signatureBundleSha256 the digest of the signature bundle, when there is one
 * @param signature the signature status word ({@code unsigned} until signatures are verified); not blank
 * @param installedAt when it was installed
 */
public record LockEntry(
        String name,
        String version,
        InstallSource source,
        String artifactSha256,
        Optional<String> signatureBundleSha256,
        String signature,
        Instant installedAt) {

    /**
     * @throws IllegalArgumentException when a value breaks a rule above, or when any text (including
     *     the source's origin, tag and asset) holds an unpaired surrogate, which UTF-8 cannot encode
     */
    public LockEntry {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(signatureBundleSha256, "signatureBundleSha256");
        Objects.requireNonNull(signature, "signature");
        Objects.requireNonNull(installedAt, "installedAt");
        if (!isName(name)) {
            throw new IllegalArgumentException("name: " + LockfileText.quote(name)
                    + " is not a plugin name (a lowercase letter or digit, then up to 63 of a-z 0-9 . _ -)");
        }
        Digests.requireSha256(artifactSha256, "artifact_sha256");
        signatureBundleSha256.ifPresent(d -> Digests.requireSha256(d, "signature_bundle_sha256"));
        requireText("version", version);
        requireText("signature", signature);
        requireWellFormed("version", version);
        requireWellFormed("origin", source.origin());
        source.tag().ifPresent(t -> requireWellFormed("tag", t));
        source.asset().ifPresent(a -> requireWellFormed("asset", a));
        requireWellFormed("signature", signature);
    }

    /** Whether {@code text} is a valid plugin name. */
    static boolean isName(String text) {
        return NameRule.isValid(text);
    }

    private static void requireText(String key, String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(key + ": is blank");
        }
    }

    private static void requireWellFormed(String key, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException(
                        key + ": holds an unpaired surrogate at index " + i + ", which a UTF-8 file cannot hold");
            }
        }
    }
}
