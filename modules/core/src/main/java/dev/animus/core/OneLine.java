package dev.animus.core;

/**
 * Makes text that came from a plugin safe to print as one line: the secrets this process handed
 * on are masked first, on the raw text ({@link Redaction#maskKnown}, so a value holding a line
 * break or a tab is still found), then line breaks, escape characters and every other control
 * character become visible escapes ({@code \n}, {@code \u001b}), so a plugin can neither forge
 * extra output lines nor send terminal control sequences through an error message.
 *
 * <p>Thread-safe (stateless).
 */
public final class OneLine {
    private OneLine() {}

    public static String of(String text) {
        return escape(Redaction.maskKnown(text));
    }

    /** The escaping alone, masking nothing. */
    static String escape(String text) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isISOControl(c)) {
                if (b != null) {
                    b.append(c);
                }
                continue;
            }
            if (b == null) {
                b = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> b.append(String.format("\\u%04x", (int) c));
            }
        }
        return b == null ? text : b.toString();
    }
}
