package dev.animus.shell.render;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * "Did you mean ...?" for a mistyped word: the known word nearest to it by edit distance
 * (optimal string alignment: insertions, deletions, substitutions and swaps of two neighbours each
 * cost one), when it is near enough to be a typo rather than another word.
 */
public final class DidYouMean {
    private DidYouMean() {}

    /** The number of single-character edits (a swap of two neighbours being one) from {@code a} to {@code b}. */
    public static int distance(String a, String b) {
        int n = a.length();
        int m = b.length();
        int[][] d = new int[n + 1][m + 1];
        for (int i = 0; i <= n; i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= m; j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= n; i++) {
            for (int j = 1; j <= m; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[n][m];
    }

    /**
     * How many edits a word of {@code length} characters may be off and still count as a typo: one
     * up to four characters, two up to eight, three beyond (so {@code ls} is no typo of {@code rm}).
     */
    static int threshold(int length) {
        return length <= 4 ? 1 : length <= 8 ? 2 : 3;
    }

    /**
     * The candidate {@code typed} most likely stands for: the nearest within {@link #threshold}
     * (ties to the first in {@code candidates}' order), else the only candidate that starts with it
     * (at least two characters typed); empty when none is near or {@code typed} is a candidate.
     */
    public static Optional<String> nearest(String typed, Collection<String> candidates) {
        if (typed.isEmpty() || candidates.contains(typed)) {
            return Optional.empty();
        }
        Optional<String> near = candidates.stream()
                .filter(c -> !c.isEmpty())
                .min(Comparator.comparingInt(c -> distance(typed, c)))
                .filter(c -> distance(typed, c) <= threshold(Math.max(typed.length(), c.length())));
        if (near.isPresent()) {
            return near;
        }
        List<String> extending =
                candidates.stream().filter(c -> c.startsWith(typed)).distinct().toList();
        return typed.length() >= 2 && extending.size() == 1 ? Optional.of(extending.getFirst()) : Optional.empty();
    }

    /** {@code "; did you mean 'x'?"} for the nearest candidate, or empty. */
    public static String suffix(String typed, Collection<String> candidates) {
        return nearest(typed, candidates)
                .map(s -> "; did you mean '" + s + "'?")
                .orElse("");
    }
}
