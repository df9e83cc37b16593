package dev.animus.keyring;

import dev.animus.core.OneLine;
import dev.animus.core.Redaction;
import dev.animus.core.SecretValue;

/**
 * The part of secret-tool's stderr an error message quotes: the value we sent masked (whole and
 * line by line), credential-looking text redacted, one line, short.
 */
final class Excerpt {

    static final int MAX_CHARS = 300;
    private static final int MIN_MASKED_LINE = 4;

    private Excerpt() {}

    /** {@code ": <excerpt>"}, or nothing when stderr was blank. */
    static String of(String stderr, SecretValue sent) {
        String text = stderr;
        if (sent != null) {
            String value = sent.reveal();
            text = text.replace(value, Redaction.MASK);
            String stripped = value.strip();
            if (!stripped.isEmpty()) {
                text = text.replace(stripped, Redaction.MASK);
            }
            for (String line : value.split("\\R")) {
                String l = line.strip();
                if (l.length() >= MIN_MASKED_LINE) {
                    text = text.replace(l, Redaction.MASK);
                }
            }
        }
        text = text.strip();
        if (text.length() > MAX_CHARS * 4) {
            // cut, so an end that could begin another known secret is masked too
            text = Redaction.redactCut(text.substring(0, MAX_CHARS * 4));
        } else {
            text = Redaction.redact(text);
        }
        text = OneLine.of(text);
        if (text.isEmpty()) {
            return "";
        }
        if (text.length() > MAX_CHARS) {
            text = text.substring(0, MAX_CHARS) + "...";
        }
        return ": " + text;
    }
}
