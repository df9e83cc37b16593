package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class LogNormaliserTest {
    private static final Instant T = Instant.parse("2026-12-02T10:00:00Z");

    private static LogNormaliser.Outcome of(Optional<String> level, Optional<String> message) {
        return LogNormaliser.plugin("memo", new LogParams(level, message, Optional.empty(), Map.of()), "1", T);
    }

    private static LogEntry accepted(LogNormaliser.Outcome o) {
        return assertInstanceOf(LogNormaliser.Outcome.Accepted.class, o).entry();
    }

    @Nested
    class Levels {
        @Test
        void wordsAreReadCaseInsensitivelyWithTheCommonAliases() {
            Map<String, LogLevel> cases = Map.of(
                    "TRACE", LogLevel.TRACE,
                    "Debug", LogLevel.DEBUG,
                    "info", LogLevel.INFO,
                    "warning", LogLevel.WARN,
                    "WARN", LogLevel.WARN,
                    "fatal", LogLevel.ERROR,
                    "Critical", LogLevel.ERROR,
                    " error ", LogLevel.ERROR);
            cases.forEach((word, level) -> assertEquals(
                    level, accepted(of(Optional.of(word), Optional.of("m"))).level(), word));
        }

        @Test
        void anUnknownLevelIsInfoKeepingTheOriginalAsAField() {
            LogEntry e = accepted(of(Optional.of("verbose"), Optional.of("m")));
            assertEquals(LogLevel.INFO, e.level());
            assertEquals("\"verbose\"", e.fields().get("level"));
        }

        @Test
        void levelsAreOrdered() {
            assertTrue(LogLevel.ERROR.atLeast(LogLevel.WARN));
            assertTrue(LogLevel.WARN.atLeast(LogLevel.WARN));
            assertTrue(!LogLevel.DEBUG.atLeast(LogLevel.INFO));
        }
    }

    @Test
    void anEntryWithoutAMessageIsMalformed() {
        assertInstanceOf(LogNormaliser.Outcome.Malformed.class, of(Optional.of("info"), Optional.empty()));
    }

    @Test
    void aPluginIsAlwaysThePluginSourceUnderItsOwnName() {
        LogEntry e = accepted(LogNormaliser.plugin(
                "memo",
                new LogParams(
                        Optional.of("info"), Optional.of("hi"), Optional.of("daemon"), Map.of("source", "\"daemon\"")),
                "1",
                T));
        assertEquals(LogSource.PLUGIN, e.source());
        assertEquals("memo", e.sourceName());
    }

    @Test
    void controlCharactersAreEscapedSoAMessageIsOneLine() {
        LogEntry e = accepted(of(Optional.empty(), Optional.of("a\nb\u001b[31mc")));
        assertEquals("a\\nb\\u001b[31mc", e.message());
    }

    @Test
    void daemonLinesOfSlf4jSimpleAreParsed() {
        assertEquals(
                Optional.of(new DaemonLogLine(LogLevel.WARN, "Daemon", "reaped 2 - of them")),
                DaemonLogLine.parse("WARN Daemon - reaped 2 - of them"));
        assertEquals(
                Optional.of(new DaemonLogLine(LogLevel.INFO, "Supervisor", "x")),
                DaemonLogLine.parse("[main] INFO Supervisor - x"));
        assertEquals(Optional.empty(), DaemonLogLine.parse("\tat dev.animus.Foo.bar(Foo.java:1)"));
    }

    /** Random params: never a throw, the bounds always hold, the level rule always applies. */
    @Test
    void randomParamsNeverThrowAndAlwaysKeepTheBounds() {
        Random random = new Random(23);
        List<String> words = List.of("info", "WARNING", "fatal", "critical", "Trace", "debug", "loud", "", "error");
        for (int i = 0; i < 500; i++) {
            Optional<String> level = random.nextInt(4) == 0
                    ? Optional.empty()
                    : Optional.of(random.nextBoolean() ? words.get(random.nextInt(words.size())) : text(random, 12));
            Optional<String> message = random.nextInt(10) == 0 ? Optional.empty() : Optional.of(text(random, 20_000));
            Map<String, String> fields = new LinkedHashMap<>();
            int n = random.nextInt(20);
            for (int f = 0; f < n; f++) {
                fields.put(text(random, 30), LogBounds.quote(text(random, 3_000)));
            }
            Optional<String> target = random.nextBoolean() ? Optional.of(text(random, 600)) : Optional.empty();
            var outcome = LogNormaliser.plugin(text(random, 40), new LogParams(level, message, target, fields), "i", T);
            switch (outcome) {
                case LogNormaliser.Outcome.Malformed m -> assertTrue(message.isEmpty());
                case LogNormaliser.Outcome.Accepted a -> {
                    LogEntry e = a.entry();
                    assertTrue(LogBounds.utf8Length(e.message()) <= LogBounds.MESSAGE_MAX_BYTES);
                    assertTrue(LogBounds.utf8Length(e.target()) <= LogBounds.NAME_MAX_BYTES);
                    assertTrue(LogBounds.fieldsSize(e.fields()) <= LogBounds.FIELDS_MAX_BYTES);
                    assertTrue(e.message().chars().noneMatch(c -> c < 0x20), "one line");
                    assertEquals(LogSource.PLUGIN, e.source());
                    LogLevel expected = level.flatMap(LogLevel::lenient).orElse(LogLevel.INFO);
                    assertEquals(expected, e.level());
                }
            }
        }
    }

    private static String text(Random random, int max) {
        int length = random.nextInt(max + 1);
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(6)) {
                case 0 -> b.append((char) random.nextInt(0x20));
                case 1 -> b.appendCodePoint(0x1F600 + random.nextInt(50));
                case 2 -> b.append((char) (0xE0 + random.nextInt(30)));
                case 3 -> b.append((char) (0xD800 + random.nextInt(0x800))); // lone surrogates too
                default -> b.append((char) ('a' + random.nextInt(26)));
            }
        }
        return b.toString();
    }
}
