package dev.animus.archtest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The anchors of a Markdown file's headings, computed as CONTRIBUTING.md#citing-the-docs
 * documents and as GitHub renders them: the heading's text with links reduced to their text,
 * lowercased, every character but letters, digits, spaces, {@code -} and {@code _} dropped, each
 * space made a {@code -}; a repeated anchor gets {@code -1}, {@code -2}, ... Only ATX headings
 * ({@code #} to {@code ######}) outside fenced code blocks count.
 */
final class Headings {
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})[ \\t]+(.*?)(?:[ \\t]+#+)?[ \\t]*$");
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");

    private Headings() {}

    /** The anchor of one heading's text (before any {@code -1} suffix). */
    static String anchor(String headingText) {
        String text = LINK.matcher(headingText).replaceAll("$1").toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c == ' ') {
                out.append('-');
            } else if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    /** Every anchor of {@code markdown}, in order, with the suffixes of repeated ones. */
    static Set<String> anchors(String markdown) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String text : headings(markdown)) {
            String base = anchor(text);
            int n = seen.merge(base, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? base : base + "-" + n);
        }
        return anchors;
    }

    /** The text of each heading outside fenced code blocks. */
    static List<String> headings(String markdown) {
        List<String> found = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (Fences.isFence(line)) {
                fenced = !fenced;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (!fenced && m.matches()) {
                found.add(m.group(2));
            }
        }
        return found;
    }

    /** Fenced code blocks ({@code ```} or {@code ~~~}), whose lines are neither headings nor prose. */
    static final class Fences {
        private Fences() {}

        static boolean isFence(String line) {
            String t = line.stripLeading();
            return t.startsWith("```") || t.startsWith("~~~");
        }
    }
}
