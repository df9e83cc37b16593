package dev.animus.core;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks credential-looking values in free text (plugin stderr, error messages) before it is kept or
 * shown. Keys stay visible so the reader still knows what was there; values become {@code ***}.
 */
public final class Redaction {

    /** What a masked value is replaced with. */
    public static final String MASK = "***";

    private static final List<Pattern> KEY_VALUE = List.of(
            // key=value, key: value, "key": "value" where the key names a credential
            Pattern.compile("(?i)([\"']?[A-Za-z0-9_.-]*(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|"
                    + "access[_-]?key|private[_-]?key|credential|auth)[A-Za-z0-9_.-]*[\"']?\\s*[:=]\\s*)"
                    + "((?i:bearer|basic|token)\\s+)?(\"[^\"]*\"|'[^']*'|[^\\s,;&]+)"),
            // Authorization: Bearer xyz / Basic xyz
            Pattern.compile("(?i)(\\b(?:bearer|basic)\\s+)([A-Za-z0-9._~+/=-]{6,})"));

    private static final List<Pattern> BARE_TOKENS = List.of(
            Pattern.compile("\\bgh[pousr]_[A-Za-z0-9]{20,}\\b"), // GitHub tokens
            Pattern.compile("\\bgithub_pat_[A-Za-z0-9_]{20,}\\b"),
            Pattern.compile("\\bsk-[A-Za-z0-9_-]{16,}\\b"), // common API key shape
            Pattern.compile("\\bxox[abpr]-[A-Za-z0-9-]{10,}\\b"), // Slack
            Pattern.compile("\\bAKIA[0-9A-Z]{16}\\b"), // AWS access key id
            Pattern.compile("\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\b")); // JWT

    /** Values this process handed to plugins as secrets: masked wherever they appear. */
    private static final Set<String> KNOWN_SECRETS = ConcurrentHashMap.newKeySet();
    /** Shorter values would mask ordinary words; a secret that short is no secret. */
    static final int MIN_KNOWN_LENGTH = 4;

    private Redaction() {}

    /**
     * Remembers {@code value} for this process's lifetime: from now on {@link #redact} masks it
     * wherever it appears (a plugin's stderr, an error message, a log line), whatever its shape.
     */
    public static void maskEverywhere(SecretValue value) {
        String text = value.reveal();
        if (text.length() >= MIN_KNOWN_LENGTH) {
            KNOWN_SECRETS.add(text);
        }
    }

    /** {@code text} with the secret values this process handed on (only those) replaced by {@link #MASK}. */
    public static String maskKnown(String text) {
        Objects.requireNonNull(text, "text");
        String out = text;
        for (String secret : KNOWN_SECRETS) {
            if (out.contains(secret)) {
                out = out.replace(secret, MASK);
            }
        }
        return out;
    }

    /** {@code text} with known secret values and credential-looking values replaced by {@link #MASK}. */
    public static String redact(String text) {
        String out = maskKnown(text);
        for (Pattern p : KEY_VALUE) {
            out = p.matcher(out).replaceAll(m -> Matcher.quoteReplacement(
                    m.group(1) + (m.groupCount() > 2 && m.group(2) != null ? m.group(2) : "") + MASK));
        }
        for (Pattern p : BARE_TOKENS) {
            out = p.matcher(out).replaceAll(MASK);
        }
        return out;
    }
}
