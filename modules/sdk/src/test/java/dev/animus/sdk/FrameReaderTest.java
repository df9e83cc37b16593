package dev.animus.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class FrameReaderTest {

    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final Diagnostics diagnostics = new Diagnostics(new PrintStream(stderr, true, StandardCharsets.UTF_8), "t");

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 42, 1234, 99_999})
    void framesSurviveRandomReadSplitsAmongGarbageAndBlankLines(long seed) throws IOException {
        var random = new SplittableRandom(seed);
        var text = new StringBuilder();
        var expected = new ArrayList<String>();
        for (int i = 0; i < 200; i++) {
            switch (random.nextInt(4)) {
                case 0 -> text.append(random.nextBoolean() ? "\n" : "  \t\r\n");
                case 1 -> text.append("garbage ").append(i).append(" {not json\n");
                default -> {
                    String frame = "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"m\",\"params\":{\"s\":\"é\\n"
                            + "x".repeat(random.nextInt(300)) + "\"}}";
                    expected.add(frame);
                    text.append(frame).append(random.nextBoolean() ? "\n" : "\r\n");
                }
            }
        }
        List<String> seen = new ArrayList<>();
        new FrameReader(
                        new RandomChunks(text.toString().getBytes(StandardCharsets.UTF_8), random),
                        diagnostics,
                        FrameReader.MAX_FRAME_BYTES)
                .readAll(frame -> seen.add(frame.toString()));
        assertEquals(expected, seen);
    }

    /** docs/protocol.md#what-a-plugin-reads: a value pretty-printed over several lines is one frame. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {5, 6, 7, 77, 4321})
    void prettyPrintedFramesAreReassembledAmongCompactOnesAndGarbage(long seed) throws IOException {
        var random = new SplittableRandom(seed);
        var pretty = Frames.MAPPER.writerWithDefaultPrettyPrinter();
        var text = new StringBuilder();
        var expected = new ArrayList<String>();
        for (int i = 0; i < 150; i++) {
            JsonNode frame = Frames.MAPPER.readTree("{\"jsonrpc\":\"2.0\",\"id\":" + i
                    + ",\"method\":\"m\",\"params\":{\"list\":[1,{\"a\":\"x\\ny\"}],\"n\":" + random.nextInt(1000)
                    + "}}");
            switch (random.nextInt(4)) {
                case 0 -> text.append("garbage ").append(i).append('\n');
                case 1 -> {
                    expected.add(frame.toString());
                    text.append(pretty.writeValueAsString(frame).replace("\n", random.nextBoolean() ? "\n" : "\r\n"))
                            .append('\n');
                }
                case 2 -> {
                    expected.add(frame.toString());
                    text.append(frame)
                            .append(' ')
                            .append(pretty.writeValueAsString(frame))
                            .append('\n');
                    expected.add(frame.toString());
                }
                default -> {
                    expected.add(frame.toString());
                    text.append(frame).append('\n');
                }
            }
        }
        List<String> seen = new ArrayList<>();
        new FrameReader(
                        new RandomChunks(text.toString().getBytes(StandardCharsets.UTF_8), random),
                        diagnostics,
                        FrameReader.MAX_FRAME_BYTES)
                .readAll(frame -> seen.add(frame.toString()));
        assertEquals(expected, seen);
    }

    @Test
    void aFrameCutOffAtTheEndOfALineDoesNotTakeTheNextFrameWithIt() throws IOException {
        String text = "{\"jsonrpc\":\"2.0\",\"id\":9,\n{\"id\":1}\n{\n  \"id\": 2\n}\n";
        List<String> seen = new ArrayList<>();
        new FrameReader(
                        new RandomChunks(text.getBytes(StandardCharsets.UTF_8), new SplittableRandom(3)),
                        diagnostics,
                        FrameReader.MAX_FRAME_BYTES)
                .readAll(frame -> seen.add(frame.toString()));
        assertEquals(List.of("{\"id\":1}", "{\"id\":2}"), seen);
    }

    @Test
    void aPrettyFrameOverTheBoundIsDiscardedAndReadingGoesOn() throws IOException {
        String big =
                "{\n  \"id\": 1,\n" + ("  \"pad\": \"" + "x".repeat(300) + "\",\n").repeat(10) + "  \"end\": 1\n}\n";
        String small = "{\"id\":2}\n";
        List<JsonNode> seen = new ArrayList<>();
        new FrameReader(
                        new RandomChunks((big + small).getBytes(StandardCharsets.UTF_8), new SplittableRandom(8)),
                        diagnostics,
                        1024)
                .readAll(seen::add);
        // the rest of the cut frame's lines are read one by one: bare words the session drops as not objects
        assertEquals(
                List.of("{\"id\":2}"),
                seen.stream().filter(JsonNode::isObject).map(JsonNode::toString).toList());

        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("larger than 1024 bytes"), stderr::toString);
    }

    @Test
    void aLineOverTheBoundIsDiscardedAndReadingGoesOn() throws IOException {
        String big = "{\"id\":1,\"pad\":\"" + "x".repeat(5000) + "\"}\n";
        String small = "{\"id\":2}\n";
        List<JsonNode> seen = new ArrayList<>();
        new FrameReader(
                        new RandomChunks((big + small).getBytes(StandardCharsets.UTF_8), new SplittableRandom(7)),
                        diagnostics,
                        1024)
                .readAll(seen::add);
        assertEquals(1, seen.size());
        assertEquals(2, seen.getFirst().get("id").asInt());
        assertTrue(stderr.toString(StandardCharsets.UTF_8).contains("larger than 1024"), stderr.toString());
    }

    @Test
    void aLastFrameWithoutANewlineIsStillRead() throws IOException {
        List<JsonNode> seen = new ArrayList<>();
        new FrameReader(
                        new RandomChunks("{\"id\":3}".getBytes(StandardCharsets.UTF_8), new SplittableRandom(1)),
                        diagnostics,
                        1024)
                .readAll(seen::add);
        assertEquals(3, seen.getFirst().get("id").asInt());
    }

    /** Returns its bytes in chunks of random size, as a pipe does. */
    private static final class RandomChunks extends InputStream {
        private final byte[] bytes;
        private final SplittableRandom random;
        private int pos;

        RandomChunks(byte[] bytes, SplittableRandom random) {
            this.bytes = bytes;
            this.random = random;
        }

        @Override
        public int read() {
            return pos < bytes.length ? bytes[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, bytes.length - pos), 1 + random.nextInt(700));
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
