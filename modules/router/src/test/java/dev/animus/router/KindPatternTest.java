package dev.animus.router;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KindPatternTest {
    @Test
    void theThreeTextsParseToTheThreeTypesAndPrintBack() {
        assertEquals(new KindPattern.Exact("task"), KindPattern.parse("task"));
        assertEquals(new KindPattern.Glob("task"), KindPattern.parse("task.*"));
        assertEquals(new KindPattern.Glob("linear.issue"), KindPattern.parse("linear.issue.*"));
        assertEquals(new KindPattern.CatchAll(), KindPattern.parse("*"));
        for (String text : new String[] {"task", "task.*", "*", "linear.issue", "a.1.b-c_d.*"}) {
            assertEquals(text, KindPattern.parse(text).text());
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "task*",
                "a.*.*",
                "*.x",
                ".*",
                "**",
                "task .x",
                " task",
                "task ",
                "Task",
                "task.",
                ".task",
                "a..b",
                "1task",
                "task/get",
                "task:42",
                "task.*x",
                "ta*sk",
                "task.**",
                "_a",
                "a.-b",
                "a\tb",
                "é"
            })
    void anythingElseIsRefusedWithOneLineNamingTheText(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KindPattern.parse(text));
        assertTrue(e.getMessage().startsWith("'"), e.getMessage());
        assertTrue(e.getMessage().contains("is not a subject kind pattern"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().contains("task.*"), "says what to write: " + e.getMessage());
    }

    @Test
    void aKindIsAtMost64Characters() {
        String k64 = "a".repeat(64);
        assertEquals(k64, KindPattern.parse(k64).text());
        assertThrows(IllegalArgumentException.class, () -> KindPattern.parse(k64 + "a"));
        assertEquals(k64 + ".*", KindPattern.parse(k64 + ".*").text());
    }

    @Test
    void aQuotedControlCharacterIsEscapedAndALongTextCut() {
        String m = assertThrows(IllegalArgumentException.class, () -> KindPattern.parse("a\nb"))
                .getMessage();
        assertTrue(m.startsWith("'a\\u000ab'"), m);
        String longText = "x".repeat(500) + "*";
        String cut = assertThrows(IllegalArgumentException.class, () -> KindPattern.parse(longText))
                .getMessage();
        assertTrue(cut.length() < 400, cut);
    }

    @Test
    void aGlobMatchesSubkindsButNeverItsPrefixNorALongerWord() {
        KindPattern g = KindPattern.parse("task.*");
        assertTrue(g.matches("task.bug"));
        assertTrue(g.matches("task.a.b"));
        assertFalse(g.matches("task"));
        assertFalse(g.matches("taskx"));
        assertFalse(g.matches("taskx.bug"));
        assertFalse(g.matches("task."));
        assertFalse(g.matches("task..x"));
        assertFalse(g.matches("other.task.bug"));
    }

    @Test
    void anExactKindMatchesItselfOnly() {
        KindPattern e = KindPattern.parse("task");
        assertTrue(e.matches("task"));
        assertFalse(e.matches("task.bug"));
        assertFalse(e.matches("tas"));
    }

    @Test
    void theCatchAllMatchesEveryKindButNoNonKind() {
        KindPattern all = KindPattern.parse("*");
        assertTrue(all.matches("task"));
        assertTrue(all.matches("linear.issue"));
        assertFalse(all.matches(""));
        assertFalse(all.matches("Task"));
        assertFalse(all.matches("task/get"));
    }

    @Test
    void recordsRefuseWhatParseRefuses() {
        assertThrows(IllegalArgumentException.class, () -> new KindPattern.Exact("task.*"));
        assertThrows(IllegalArgumentException.class, () -> new KindPattern.Glob("task.*"));
        assertThrows(IllegalArgumentException.class, () -> new KindPattern.Glob(""));
    }
}
