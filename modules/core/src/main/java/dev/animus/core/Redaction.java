package dev.animus.core;

import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Masks credential-looking values in free text (plugin stderr, error messages) before it is kept or
 * shown. Keys stay visible so the reader still knows what was there; values become {@code ***}.
 *
 * <p>Every method takes time linear in the text: the secrets this process handed on are found by
 * one automaton over all of them, the credential shapes by hand-written single-pass scanners (no
 * regular expression, so no input can make it backtrack). Mask the raw text, before it is escaped
 * or cut into lines; what was escaped first (by {@link OneLine} or as a JSON string) or split at
 * the value's own line breaks is masked too.
 *
 * <p>Thread-safe: the set of known secrets only grows, and each call sees one snapshot of it.
 */
public final class Redaction {

    /** What a masked value is replaced with. */
    public static final String MASK = "***";

    /** Shorter values would mask ordinary words; a secret that short is no secret. */
    static final int MIN_KNOWN_LENGTH = 4;

    /** Values this process handed to plugins as secrets: masked wherever they appear. */
    private static final Set<String> KNOWN_SECRETS = new LinkedHashSet<>();

    private static volatile SecretMatcher known = SecretMatcher.EMPTY;

    private Redaction() {}

    /**
     * Remembers {@code value} for this process's lifetime: from now on {@link #redact} masks it
     * wherever it appears (a plugin's stderr, an error message, a log line), whatever its shape:
     * the whole value, and each line of a value of several lines (at least
     * {@value #MIN_KNOWN_LENGTH} characters long), also where they were escaped as one line or as
     * JSON.
     */
    public static void maskEverywhere(SecretValue value) {
        String text = value.reveal();
        if (text.length() < MIN_KNOWN_LENGTH) {
            return;
        }
        synchronized (KNOWN_SECRETS) {
            if (KNOWN_SECRETS.add(text)) {
                known = SecretMatcher.of(KNOWN_SECRETS);
            }
        }
    }

    /** {@code text} with the secret values this process handed on (only those) replaced by {@link #MASK}. */
    public static String maskKnown(String text) {
        Objects.requireNonNull(text, "text");
        return known.mask(text, false, null);
    }

    /** {@code text} with known secret values and credential-looking values replaced by {@link #MASK}. */
    public static String redact(String text) {
        return new CredentialScanner().scan(maskKnown(text));
    }

    /**
     * {@link #redact} for text cut off after its end (a line kept only up to a length): where its
     * last characters could begin a known secret, they are masked too, so no prefix of a secret
     * survives the cut.
     */
    public static String redactCut(String text) {
        Objects.requireNonNull(text, "text");
        return new CredentialScanner().scan(known.mask(text, true, null));
    }
}
