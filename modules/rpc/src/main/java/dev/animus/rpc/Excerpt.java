package dev.animus.rpc;

import dev.animus.core.Redaction;
import java.nio.charset.StandardCharsets;

/** Short, printable excerpts of the bytes around a malformed frame, for log lines. */
final class Excerpt {
    private Excerpt() {}

    /**
     * Printable text of some bytes: invalid UTF-8 becomes U+FFFD, control characters a space, and
     * credentials (a secret handed to a plugin, credential-looking values) {@code ***}.
     */
    static String of(byte[] b, int from, int to) {
        // redacted before control characters become spaces, so a secret holding a tab is still
        // found; cut-off (the excerpt may end inside a secret), so a cut end is masked too
        String text = Redaction.redactCut(new String(b, from, Math.max(0, to - from), StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> out.appendCodePoint(Character.isISOControl(cp) ? ' ' : cp));
        return out.toString();
    }

    /** The index after the last LF in {@code [from, to)}, or {@code from}. */
    static int lineStart(byte[] b, int from, int to) {
        for (int j = to - 1; j >= from; j--) {
            if (b[j] == '\n') {
                return j + 1;
            }
        }
        return from;
    }

    /** The index of the first LF in {@code [from, to)}, or {@code to}. */
    static int lineEnd(byte[] b, int from, int to) {
        for (int j = from; j < to; j++) {
            if (b[j] == '\n') {
                return j;
            }
        }
        return to;
    }
}
