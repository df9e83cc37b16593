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
}
