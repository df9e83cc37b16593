package dev.animus.router;

import java.util.regex.Pattern;

/** The kind grammar of {@link KindPattern} and its one-line complaint. */
final class Grammar {
    static final Pattern KIND = Pattern.compile("[a-z][a-z0-9_-]*(\\.[a-z0-9][a-z0-9_-]*)*");

    /** Plugin text is cut here so that one bad value cannot flood a message. */
    private static final int QUOTE_MAX = 80;

    private Grammar() {}

    static String problem(String text) {
        return quote(text) + " is not a subject kind pattern: write a kind (1 to " + KindPattern.MAX_KIND
                + " lowercase letters, digits, '_', '-' in dot-separated segments, starting with a letter,"
                + " e.g. task or linear.issue), a kind and '.*' for its subkinds (task.*), or '*' for every kind";
    }

    static String quote(String text) {
        String cut = text.length() > QUOTE_MAX ? text.substring(0, QUOTE_MAX) + "…" : text;
        StringBuilder out = new StringBuilder("'");
        cut.codePoints().forEach(c -> {
            if (Character.isISOControl(c)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.append('\'').toString();
    }
}
