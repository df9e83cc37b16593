package dev.animus.archtest;

/**
 * The comments of a Java source, everything else blanked: string and character literals and text
 * blocks become spaces, line breaks stay, so a line number in the result is the line in the file.
 */
final class JavaComments {
    private JavaComments() {}

    static String of(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
                int end = source.indexOf('\n', i);
                end = end < 0 ? n : end;
                out.append(source, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                out.append(source, i, end);
                i = end;
            } else if (source.startsWith("\"\"\"", i)) {
                i = blank(source, i, source.indexOf("\"\"\"", i + 3), 3, out);
            } else if (c == '"' || c == '\'') {
                i = blank(source, i, literalEnd(source, i, c), 1, out);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Where the literal opened at {@code start} by {@code quote} closes (its closing quote's index). */
    private static int literalEnd(String source, int start, char quote) {
        for (int i = start + 1; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote || c == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static int blank(String source, int from, int close, int quoteLength, StringBuilder out) {
        int end = close < 0 ? source.length() : close + quoteLength;
        for (int i = from; i < end; i++) {
            out.append(source.charAt(i) == '\n' ? '\n' : ' ');
        }
        return end;
    }
}
