package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The automaton that finds the known secrets: every form found, in time linear in the text. */
class SecretMatcherTest {

    @ParameterizedTest
    @ValueSource(ints = {1 << 12, 1 << 20})
    void findingKnownSecretsIsLinearInTheText(int size) {
        // a secret that is almost a run of one character: a naive search compares it at every position
        String secret = "a".repeat(2000) + "b";
        SecretMatcher matcher = SecretMatcher.of(List.of(secret, "a".repeat(999) + "c"));
        String text = "a".repeat(size);
        long[] steps = {0};
        String masked = matcher.mask(text, false, steps);
        assertEquals(text, masked);
        assertTrue(steps[0] <= 3L * size, steps[0] + " steps for " + size + " characters");
        steps[0] = 0;
        assertEquals(
                "a".repeat(size - 2000) + "***",
                matcher.mask(text, true, steps),
                "cut: the last 2000 characters could begin the secret");
        assertTrue(steps[0] <= 3L * size, steps[0] + " steps for " + size + " characters");
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void everyOccurrenceOfASecretIsGoneAndNothingElseChanges(long seed) {
        var random = new SplittableRandom(seed);
        String alphabet = "ab\n\t-";
        StringBuilder s = new StringBuilder();
        for (int i = 0, n = 4 + random.nextInt(6); i < n; i++) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        String secret = s.toString();
        StringBuilder t = new StringBuilder();
        for (int i = 0, n = random.nextInt(200); i < n; i++) {
            t.append(
                    random.nextInt(10) == 0
                            ? secret
                            : String.valueOf(alphabet.charAt(random.nextInt(alphabet.length()))));
        }
        String text = t.toString();
        String masked = SecretMatcher.of(List.of(secret)).mask(text, false, null);
        for (String form : SecretMatcher.forms(secret)) {
            assertFalse(
                    masked.contains(form),
                    "seed " + seed + ": " + OneLine.escape(form) + " in " + OneLine.escape(masked));
        }
        assertEquals(text.replace("*", ""), text, "the alphabet holds no mask character");
        if (!text.contains(secret) && SecretMatcher.forms(secret).stream().noneMatch(text::contains)) {
            assertEquals(text, masked, "seed " + seed);
        }
    }
}
