package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class FrameReaderTest {
    private static final JsonMapper JSON = JsonMapper.shared();

    private static CollectingSink read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8), FrameReader.DEFAULT_MAX_FRAME_BYTES);
    }

    private static CollectingSink read(byte[] bytes, int maxFrameBytes) {
        CollectingSink sink = new CollectingSink();
        new FrameReader(new ByteArrayInputStream(bytes), maxFrameBytes, sink).run();
        return sink;
    }

    private static List<JsonNode> frames(String... texts) {
        return Arrays.stream(texts).map(JSON::readTree).toList();
    }

    @Nested
    class Accepts {
        @Test
        void oneFramePerLine() {
            assertEquals(frames("{\"a\":1}", "[2]"), read("{\"a\":1}\n[2]\n").frames);
        }

        @Test
        void aFramePrettyPrintedOverSeveralLines() {
            String pretty = "{\n  \"jsonrpc\" : \"2.0\",\n  \"id\" : 1,\n  \"result\" : [\n    1,\n    2\n  ]\n}\n";
            CollectingSink sink = read(pretty);
            assertEquals(frames("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":[1,2]}"), sink.frames);
            assertEquals(List.of(), sink.malformed);
        }

        @Test
        void severalFramesOnOneLineWithOrWithoutSpaces() {
            assertEquals(frames("{}", "[]", "{\"b\":[{}]}"), read("{}[] {\"b\":[{}]}\n").frames);
        }

        @Test
        void leadingWhitespaceBlankLinesAndCrLf() {
            assertEquals(frames("{\"a\":1}", "{\"b\":2}"), read("\n\n   \t{\"a\":1}\r\n\r\n  {\"b\":2}").frames);
        }

        @Test
        void escapedLineBreaksAndUnicodeInsideStrings() {
            String text = "{\"s\":\"line1\\nline2 \\u00e9 é 😀 \\ud83d\\ude00 \\\"q\\\" \\/\"}\n";
            assertEquals(frames(text), read(text).frames);
        }

        @Test
        void aFinalFrameWithoutALineBreak() {
            assertEquals(frames("{\"last\":true}"), read("{\"last\":true}").frames);
        }
    }

    @Nested
    class Discards {
        @Test
        void bannerLinesBeforeTheFirstFrame() {
            CollectingSink sink = read("Starting plugin...\nversion 1.2 {ready}\n{\"id\":1}\n");
            assertEquals(frames("{\"id\":1}"), sink.frames);
            assertEquals(2, sink.malformed.size());
            assertTrue(sink.malformed.getFirst().endsWith("| Starting plugin..."), sink.malformed.getFirst());
        }

        @Test
        void rootScalarsThroughTheEndOfTheirLine() {
            CollectingSink sink = read("42 {\"lost\":1}\n\"x\"\ntrue\n{\"kept\":1}\n");
            assertEquals(frames("{\"kept\":1}"), sink.frames);
            assertEquals(3, sink.malformed.size());
        }

        @Test
        void aMalformedFrameThroughTheEndOfItsLineThenResumes() {
            CollectingSink sink = read("{\"a\":1,} {\"same line\":1}\n{\"next line\":1}\n");
            assertEquals(frames("{\"next line\":1}"), sink.frames);
            assertEquals(1, sink.malformed.size());
        }

        @Test
        void anErrorAtALineBreakResumesRightAfterThatLineBreakNotAfterTheNextLine() {
            CollectingSink sink = read("{\"s\":\"unterminated\n{\"right after\":1}\n{\"after that\":2}\n");
            assertEquals(frames("{\"right after\":1}", "{\"after that\":2}"), sink.frames);
            assertEquals(1, sink.malformed.size());
        }

        @Test
        void aFrameCutOffAtTheEndOfALineDoesNotSwallowTheFrameOnTheNextLine() {
            CollectingSink sink = read("{\"id\":1,\"result\":{\"partial\":true}\n{\"id\":2}\n");
            assertEquals(frames("{\"id\":2}"), sink.frames);
            assertEquals(1, sink.malformed.size());
        }

        @Test
        void aFrameCutOffByTheEndOfTheStream() {
            CollectingSink sink = read("{\"id\":1}\n{\"id\":2,\"res");
            assertEquals(frames("{\"id\":1}"), sink.frames);
            assertEquals(1, sink.malformed.size());
            assertTrue(sink.malformed.getFirst().contains("end of the stream"), sink.malformed.getFirst());
        }

        @Test
        void invalidUtf8InsideAWellFormedFrameDropsThatFrameAlone() {
            byte[] bytes = "{\"a\":\"?\"}{\"b\":1}\n".getBytes(StandardCharsets.UTF_8);
            bytes[6] = (byte) 0xC3; // a lead byte followed by '"', not a continuation byte
            CollectingSink sink = read(bytes, 1024);
            assertEquals(frames("{\"b\":1}"), sink.frames);
            assertEquals(1, sink.malformed.size());
        }

        @Test
        void nestingDeeperThanJacksonAccepts() {
            String deep = "[".repeat(FrameScanner.MAX_DEPTH + 1) + "]".repeat(FrameScanner.MAX_DEPTH + 1);
            CollectingSink sink = read(deep + "\n{\"ok\":1}\n");
            assertEquals(frames("{\"ok\":1}"), sink.frames);
            assertEquals(1, sink.malformed.size());
        }
    }

    @Nested
    class BoundsFrames {
        @Test
        void aFrameOverTheBoundIsCountedDiscardedThroughItsLineAndTheNextFrameParses() {
            int bound = 1024;
            String big = "{\"blob\":\"" + "x".repeat(5000) + "\"}";
            CollectingSink sink =
                    read((big + " {\"same line\":1}\n{\"next\":1}\n").getBytes(StandardCharsets.UTF_8), bound);
            assertEquals(frames("{\"next\":1}"), sink.frames);
            assertEquals(List.of((long) bound), sink.oversized);
            assertEquals(List.of(), sink.malformed);
        }

        @Test
        void aFrameOfExactlyTheBoundIsAccepted() {
            String frame = "[\"" + "y".repeat(96) + "\"]";
            assertEquals(100, frame.length());
            assertEquals(frames(frame), read((frame + "\n").getBytes(StandardCharsets.UTF_8), 100).frames);
            assertEquals(
                    List.of(Long.valueOf(100)),
                    read((frame.replace("]", " ]") + "\n").getBytes(StandardCharsets.UTF_8), 100).oversized);
        }

        @Test
        void anEndlessFrameIsRejectedOnceAndTheStreamIsReadToItsEnd() {
            CollectingSink sink = new CollectingSink();
            EndlessFrame endless = new EndlessFrame(100L * 1024 * 1024);
            FrameReader reader = new FrameReader(endless, 64 * 1024, sink);
            reader.run();
            assertEquals(List.of(64L * 1024), sink.oversized);
            assertEquals(new FrameStats(0, 0, 1, endless.length), reader.stats());
        }

        @Test
        void anEndlessFrameIsNeverBufferedPastTheBound() {
            int bound = 1024 * 1024;
            FrameScanner scanner = new FrameScanner(bound, new FrameScanner.Listener() {
                @Override
                public void frame(byte[] bytes, int offset, int length) {}

                @Override
                public void malformed(String reason, String excerpt) {}

                @Override
                public void oversized(long bytesDiscarded) {}
            });
            byte[] chunk = new byte[60_000];
            Arrays.fill(chunk, (byte) 'x');
            scanner.feed("[\"".getBytes(StandardCharsets.US_ASCII), 0, 2);
            for (int i = 0; i < 100; i++) {
                scanner.feed(chunk, 0, chunk.length);
                assertTrue(
                        scanner.bufferCapacity() <= bound, "buffer " + scanner.bufferCapacity() + " after chunk " + i);
            }
        }
    }

    @Test
    void aReadFailureSurfacesAsUncheckedIoException() {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("boom");
            }
        };
        UncheckedIOException thrown = assertThrows(
                UncheckedIOException.class, () -> new FrameReader(broken, 1024, new CollectingSink()).run());
        assertEquals("boom", thrown.getCause().getMessage());
    }

    @Test
    void batchEndFollowsEveryChunk() {
        CollectingSink sink = new CollectingSink();
        byte[] bytes = "{\"a\":1}\n{\"b\":2}\n".getBytes(StandardCharsets.UTF_8);
        new FrameReader(new ByteArrayInputStream(bytes), 1024, sink).run();
        assertEquals(1, sink.batches);
    }

    /** {@code ["xxxx...} (an unterminated string) up to a length, with no line break: a peer gone mad. */
    private static final class EndlessFrame extends InputStream {
        final long length;
        long position;

        EndlessFrame(long length) {
            this.length = length;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("bulk reads only");
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position == length) {
                return -1;
            }
            int n = (int) Math.min(len, length - position);
            Arrays.fill(b, off, off + n, (byte) 'x');
            if (position == 0) {
                b[off] = '[';
                b[off + 1] = '"';
            }
            position += n;
            return n;
        }
    }
}
