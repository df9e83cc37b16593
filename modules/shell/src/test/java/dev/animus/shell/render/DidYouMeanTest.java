package dev.animus.shell.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The edit distance behind "did you mean", and which word it suggests. */
class DidYouMeanTest {
    private static final String ALPHABET = "abcdefxyz-/";

    static LongStream seeds() {
        return LongStream.range(0, 300);
    }

    private static String word(Random random, int min, int max) {
        StringBuilder w = new StringBuilder();
        for (int c = random.nextInt(min, max + 1); c > 0; c--) {
            w.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return w.toString();
    }

    /** {@code w} after one random edit: insert, delete, substitute or swap two neighbours. */
    private static String edited(Random random, String w) {
        int at = random.nextInt(w.length());
        char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
        return switch (random.nextInt(4)) {
            case 0 -> w.substring(0, at) + c + w.substring(at);
            case 1 -> w.substring(0, at) + w.substring(at + 1);
            case 2 -> w.substring(0, at) + c + w.substring(at + 1);
            default ->
                at + 1 < w.length()
                        ? w.substring(0, at) + w.charAt(at + 1) + w.charAt(at) + w.substring(at + 2)
                        : w.substring(0, at) + c;
        };
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void theDistanceIsAMeasureOfEdits(long seed) {
        Random random = new Random(seed);
        String a = word(random, 0, 10);
        String b = word(random, 0, 10);
        assertEquals(0, DidYouMean.distance(a, a), "seed " + seed);
        assertEquals(DidYouMean.distance(a, b), DidYouMean.distance(b, a), "symmetric, seed " + seed);
        int d = DidYouMean.distance(a, b);
        assertTrue(d >= Math.abs(a.length() - b.length()), "at least the difference in length, seed " + seed);
        assertTrue(d <= Math.max(a.length(), b.length()), "at most the longer length, seed " + seed);
        assertTrue(d > 0 || a.equals(b), "zero only for equal words, seed " + seed);
        if (!a.isEmpty()) {
            assertTrue(DidYouMean.distance(a, edited(random, a)) <= 1, "one edit is at most one, seed " + seed);
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void oneEditOfAKnownWordSuggestsThatWordWhenNoOtherIsAsNear(long seed) {
        Random random = new Random(seed);
        List<String> known = List.of(word(random, 4, 9), word(random, 4, 9), word(random, 4, 9));
        String meant = known.get(random.nextInt(known.size()));
        String typo = edited(random, meant);
        if (known.contains(typo)) {
            assertEquals(Optional.empty(), DidYouMean.nearest(typo, known), "a known word is no typo");
            return;
        }
        int best =
                known.stream().mapToInt(k -> DidYouMean.distance(typo, k)).min().orElseThrow();
        Optional<String> suggested = DidYouMean.nearest(typo, known);
        assertTrue(suggested.isPresent(), "seed " + seed + ": " + typo + " among " + known);
        assertEquals(best, DidYouMean.distance(typo, suggested.get()), "the nearest, seed " + seed);
    }

    @Test
    void theTyposOfTheIssueAreAnsweredAndUnrelatedWordsAreNot() {
        List<String> pluginCommands = List.of("list", "install", "inspect", "trust", "remove", "ls", "rm");
        assertEquals(Optional.of("list"), DidYouMean.nearest("lsit", pluginCommands));
        assertEquals(Optional.of("install"), DidYouMean.nearest("instal", pluginCommands));
        assertEquals(Optional.of("--json"), DidYouMean.nearest("--jsno", List.of("--json", "--agent", "--help")));
        assertEquals(Optional.of("pyecho"), DidYouMean.nearest("pyehco", List.of("echo", "pyecho")));
        assertEquals(Optional.of("inspect"), DidYouMean.nearest("insp", pluginCommands), "a unique prefix");
        assertEquals(Optional.empty(), DidYouMean.nearest("in", pluginCommands), "an ambiguous prefix");
        assertEquals(Optional.empty(), DidYouMean.nearest("xyzzy", pluginCommands));
        assertEquals(Optional.empty(), DidYouMean.nearest("cp", pluginCommands), "two edits from 'rm' is no typo");
        assertEquals(Optional.empty(), DidYouMean.nearest("list", pluginCommands), "a known word");
        assertEquals("; did you mean 'list'?", DidYouMean.suffix("lsit", pluginCommands));
        assertEquals("", DidYouMean.suffix("xyzzy", pluginCommands));
    }
}
