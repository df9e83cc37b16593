package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OneLineTest {
    @Test
    void textWithoutControlCharactersIsReturnedAsItIs() {
        String text = "plain text: é, 😀, \"quotes\" and \\backslashes";
        assertSame(text, OneLine.of(text));
    }

    @Test
    void lineBreaksAndTabsBecomeVisibleEscapes() {
        assertEquals("failed\\nok: all good\\r\\n\\tx", OneLine.of("failed\nok: all good\r\n\tx"));
    }

    @Test
    void aTerminalEscapeSequenceCannotReachTheTerminal() {
        assertEquals("\\u001b[2J\\u001b]0;pwned\\u0007", OneLine.of("\u001b[2J\u001b]0;pwned\u0007"));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void theResultNeverHoldsAControlCharacter(long seed) {
        Random r = new Random(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            b.append((char) r.nextInt(0x00a0));
        }
        String out = OneLine.of(b.toString());
        assertTrue(out.chars().noneMatch(Character::isISOControl), "seed " + seed);
    }

    @Test
    void eightBitControlsSuchAsTheOneByteCsiBecomeVisibleEscapes() {
        assertEquals("\\u009b2J\\u0085\\u007f\\u0008", OneLine.of("\u009b2J\u0085\u007f\b"));
    }

    @Test
    void bidiOverridesIsolatesAndMarksBecomeVisibleEscapes() {
        assertEquals(
                "a\\u202eb\\u202ac\\u202bd\\u202ce\\u202df\\u2066g\\u2067h\\u2068i\\u2069j\\u200ek\\u200fl\\u061cm",
                OneLine.of("a\u202eb\u202ac\u202bd\u202ce\u202df\u2066g\u2067h\u2068i\u2069j\u200ek\u200fl\u061cm"));
    }

    @Test
    void invisibleFormatCharactersAndUnicodeLineBreaksBecomeVisibleEscapes() {
        assertEquals(
                "\\u200b\\u200d\\ufeff\\u00ad\\u2028\\u2029\\U000e0041",
                OneLine.of("\u200b\u200d\ufeff\u00ad\u2028\u2029" + Character.toString(0xE0041)));
    }

    @Test
    void escapingTwiceChangesNothingMore() {
        String once = OneLine.of("\u001b[31m\u202e\r\n" + Character.toString(0xE0041) + "x\\u001b");
        assertSame(once, OneLine.of(once));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void theResultNeverHoldsAnUnsafeCodePoint(long seed) {
        Random r = new Random(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            int c = r.nextInt(Character.MAX_CODE_POINT + 1);
            if (c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE) {
                b.appendCodePoint(c);
            }
        }
        String out = OneLine.of(b.toString());
        assertTrue(out.codePoints().noneMatch(OneLine::isUnsafe), "seed " + seed);
    }
}
