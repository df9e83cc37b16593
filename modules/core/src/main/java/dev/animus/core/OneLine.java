package dev.animus.core;

import java.util.Locale;

/**
 * Makes text that came from a plugin safe to print on a terminal as one line: the one escaper
 * every renderer of plugin-supplied text uses (error messages, descriptions, method names,
 * notifications, stderr lines, manifest fields, status and cache listings).
 *
 * <p>The secrets this process handed on are masked first, on the raw text
 * ({@link Redaction#maskKnown}: a value holding a line break or a tab is still found); then
 * {@linkplain #isUnsafe unsafe} characters become visible escapes: {@code \n}, {@code \r},
 * {@code \t}, and {@code \u001b} for the others (a code point beyond U+FFFF as {@code \U000e0001}).
 * So a plugin can neither forge extra output lines, nor send terminal control sequences (ESC,
 * the 8-bit CSI U+009B, BEL, backspace, carriage return), nor reorder what a terminal shows with
 * Unicode bidi overrides or isolates. Everything else, including non-ASCII letters and emoji, is
 * kept. A backslash is kept as it is: text that already reads {@code \u001b} is not told apart
 * from an escaped ESC, which is a question of reading, not of control.
 *
 * <p>Idempotent ({@code of(of(x)).equals(of(x))}); stateless and thread-safe.
 */
public final class OneLine {
    private OneLine() {}

    /** {@code text} with every {@linkplain #isUnsafe unsafe} character replaced by a visible escape. */
    public static String of(String text) {
        return escape(Redaction.maskKnown(text));
    }

    /** The escaping alone, masking nothing. */
    static String escape(String text) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            int width = Character.charCount(c);
            if (!isUnsafe(c)) {
                if (b != null) {
                    b.appendCodePoint(c);
                }
                i += width;
                continue;
            }
            if (b == null) {
                b = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default ->
                    b.append(
                            c <= 0xFFFF
                                    ? String.format(Locale.ROOT, "\\u%04x", c)
                                    : String.format(Locale.ROOT, "\\U%08x", c));
            }
            i += width;
        }
        return b == null ? text : b.toString();
    }

    /**
     * Whether {@code codePoint} must not reach a terminal as it is: a C0 or C1 control character
     * or DEL (ESC, CSI, BEL, BS, CR, LF, TAB ...), a Unicode format character (the bidi
     * embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F
     * and U+061C, zero-width characters, the byte order mark, tag characters), or the line and
     * paragraph separators U+2028 and U+2029.
     */
    public static boolean isUnsafe(int codePoint) {
        if (Character.isISOControl(codePoint)) {
            return true;
        }
        int type = Character.getType(codePoint);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
    }
}
