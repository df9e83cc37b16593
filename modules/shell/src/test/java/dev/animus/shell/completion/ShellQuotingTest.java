package dev.animus.shell.completion;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What the tour prints after '$' splits back into the very words it ran, the way a shell and a script do. */
class ShellQuotingTest {
    private static final String ALPHABET = "abcXYZ019_./:=@%+,- '\"\\$`#*?!;&|<>(){}[]~\té\u00a0";

    static LongStream seeds() {
        return LongStream.range(0, 200);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void aQuotedLineSplitsBackIntoTheSameWords(long seed) {
        Random random = new Random(seed);
        List<String> words = new ArrayList<>();
        for (int w = random.nextInt(1, 6); w > 0; w--) {
            StringBuilder word = new StringBuilder();
            for (int c = random.nextInt(0, 12); c > 0; c--) {
                word.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            words.add(word.toString());
        }
        String line = ShellQuoting.line(words);
        assertEquals(words, CommandLineWords.split(line), "seed " + seed + ": " + line);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void plainWordsStayAsTheyAre(long seed) {
        Random random = new Random(seed);
        String plain = "abcXYZ019_./:=@%+,-";
        StringBuilder word = new StringBuilder();
        for (int c = random.nextInt(1, 20); c > 0; c--) {
            word.append(plain.charAt(random.nextInt(plain.length())));
        }
        assertEquals(word.toString(), ShellQuoting.word(word.toString()));
    }
}
