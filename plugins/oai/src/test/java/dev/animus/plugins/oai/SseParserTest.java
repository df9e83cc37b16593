package dev.animus.plugins.oai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SseParserTest {
    private static final int MAX_LINE = 256;

    private static List<SseItem> parseWhole(byte[] bytes) {
        SseParser parser = new SseParser(MAX_LINE);
        List<SseItem> out = new ArrayList<>(parser.feed(bytes, 0, bytes.length));
        out.addAll(parser.finish());
        return out;
    }

    private static List<SseItem> parseChunked(byte[] bytes, Random random) {
        SseParser parser = new SseParser(MAX_LINE);
        List<SseItem> out = new ArrayList<>();
        int at = 0;
        while (at < bytes.length) {
            int n = Math.min(bytes.length - at, random.nextInt(random.nextBoolean() ? 3 : 40) + 1);
            // feed from an offset into a larger array, as a reader's buffer would
            byte[] buffer = new byte[n + 7];
            System.arraycopy(bytes, at, buffer, 5, n);
            out.addAll(parser.feed(buffer, 5, n));
            at += n;
        }
        out.addAll(parser.finish());
        return out;
    }

    private static List<SseItem> parse(String text) {
        return parseWhole(text.getBytes(StandardCharsets.UTF_8));
    }

    private static SseItem.Event event(String data) {
        return new SseItem.Event("message", data);
    }

    @Nested
    class WhatTheServersSend {
        @Test
        void dataLinesEndedByABlankLineAreOneEventEach() {
            assertEquals(List.of(event("{\"a\":1}"), event("[DONE]")), parse("data: {\"a\":1}\n\ndata: [DONE]\n\n"));
        }

        @Test
        void severalDataLinesAreJoinedWithNewlines() {
            assertEquals(List.of(event("one\ntwo\n")), parse("data: one\ndata:two\ndata\n\n"));
        }

        @Test
        void crlfAndBareCrEndLinesToo() {
            assertEquals(List.of(event("a"), event("b")), parse("data: a\r\n\r\ndata: b\r\r"));
        }

        @Test
        void aCrlfSplitBetweenTwoReadsIsOneLineEnd() {
            SseParser parser = new SseParser(MAX_LINE);
            byte[] first = "data: a\r".getBytes(StandardCharsets.UTF_8);
            byte[] second = "\n\r\n".getBytes(StandardCharsets.UTF_8);
            List<SseItem> out = new ArrayList<>(parser.feed(first, 0, first.length));
            out.addAll(parser.feed(second, 0, second.length));
            assertEquals(List.of(event("a")), out);
        }

        @Test
        void commentsAreSkippedAndOnlyOneSpaceAfterTheColonIsDropped() {
            assertEquals(List.of(event("  x")), parse(": keep-alive\n:\ndata:   x\n\n"));
        }

        @Test
        void theEventFieldNamesTheEventAndIdAndRetryAreAccepted() {
            assertEquals(
                    List.of(new SseItem.Event("error", "{}"), event("y")),
                    parse("event: error\nid: 7\nretry: 1000\ndata: {}\n\ndata: y\n\n"));
        }

        @Test
        void aBlankLineWithoutDataDispatchesNothing() {
            assertEquals(List.of(), parse("\n\nevent: x\n\n: c\n\n"));
        }

        @Test
        void aLeadingByteOrderMarkIsSkipped() {
            assertEquals(List.of(event("a")), parse("\uFEFFdata: a\n\n"));
        }

        @Test
        void anEventLeftOpenAtTheEndIsStillDispatched() {
            assertEquals(List.of(event("[DONE]")), parse("data: [DONE]"));
        }

        @Test
        void multiByteCharactersSurviveAnySplit() {
            String text = "data: h\u00e9llo \uD83D\uDE00 \u4e16\u754c\n\n";
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            for (int seed = 0; seed < 50; seed++) {
                assertEquals(
                        List.of(event("h\u00e9llo \uD83D\uDE00 \u4e16\u754c")), parseChunked(bytes, new Random(seed)));
            }
        }
    }

    @Nested
    class Garbage {
        @Test
        void anUnknownFieldIsReportedAndTheEventGoesOn() {
            List<SseItem> items = parse("hello world\ndata: a\n\n");
            assertEquals(2, items.size(), items.toString());
            assertInstanceOf(SseItem.Problem.class, items.get(0));
            assertTrue(((SseItem.Problem) items.get(0)).message().contains("hello world"), items.toString());
            assertEquals(event("a"), items.get(1));
        }

        @Test
        void anOverlongLineIsDroppedAndReported() {
            List<SseItem> items = parse("data: " + "x".repeat(MAX_LINE * 3) + "\ndata: b\n\n");
            assertEquals(2, items.size(), items.toString());
            assertTrue(
                    ((SseItem.Problem) items.get(0)).message().contains("longer than " + MAX_LINE), items.toString());
            assertEquals(event("b"), items.get(1));
        }

        @Test
        void aLineThatIsNotUtf8IsReadWithReplacementAndReported() {
            byte[] bytes = {'d', 'a', 't', 'a', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n', '\n'};
            List<SseItem> items = parseWhole(bytes);
            assertInstanceOf(SseItem.Problem.class, items.get(0));
            assertEquals(event("\uFFFD("), items.get(1));
        }
    }

    @Nested
    class Properties {
        private static final String[] ENDINGS = {"\n", "\r\n", "\r"};
        private static final String[] WORDS = {
            "a", "{\"x\":1}", "h\u00e9", "\uD83D\uDE00", " ", ":", "data", "[DONE]", "\u4e16"
        };

        private static byte[] wellFormedStream(Random random, List<SseItem> expected) {
            StringBuilder text = new StringBuilder();
            int events = random.nextInt(12);
            for (int e = 0; e < events; e++) {
                String ending = ENDINGS[random.nextInt(ENDINGS.length)];
                if (random.nextInt(4) == 0) {
                    text.append(": comment ").append(e).append(ending);
                }
                String type = "message";
                if (random.nextInt(5) == 0) {
                    type = "error";
                    text.append("event: error").append(ending);
                }
                List<String> lines = new ArrayList<>();
                int count = random.nextInt(3) + 1;
                for (int l = 0; l < count; l++) {
                    StringBuilder line = new StringBuilder();
                    int words = random.nextInt(5);
                    for (int w = 0; w < words; w++) {
                        line.append(WORDS[random.nextInt(WORDS.length)]);
                    }
                    lines.add(line.toString());
                    text.append("data: ").append(line).append(ending);
                }
                text.append(ending);
                expected.add(new SseItem.Event(type, String.join("\n", lines)));
            }
            return text.toString().getBytes(StandardCharsets.UTF_8);
        }

        @Test
        void anyChunkingOfAWellFormedStreamGivesTheEventsItWasMadeOf() {
            for (long seed = 1; seed <= 400; seed++) {
                Random random = new Random(seed);
                List<SseItem> expected = new ArrayList<>();
                byte[] bytes = wellFormedStream(random, expected);
                assertEquals(expected, parseWhole(bytes), "seed " + seed);
                assertEquals(expected, parseChunked(bytes, random), "seed " + seed);
            }
        }

        @Test
        void garbageNeverThrowsAndAnyChunkingReadsItTheSameWay() {
            byte[] alphabet = "data: event:id\r\n\n:x\u00ff".getBytes(StandardCharsets.ISO_8859_1);
            for (long seed = 1; seed <= 400; seed++) {
                Random random = new Random(seed);
                ByteArrayOutputStream garbage = new ByteArrayOutputStream();
                int length = random.nextInt(MAX_LINE * 3);
                for (int i = 0; i < length; i++) {
                    garbage.write(
                            random.nextInt(3) == 0 ? random.nextInt(256) : alphabet[random.nextInt(alphabet.length)]);
                }
                byte[] bytes = garbage.toByteArray();
                List<SseItem> whole = parseWhole(bytes);
                assertEquals(whole, parseChunked(bytes, random), "seed " + seed);
            }
        }
    }
}
