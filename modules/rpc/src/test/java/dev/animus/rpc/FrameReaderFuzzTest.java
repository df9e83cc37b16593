package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.testfuzz.Mutations;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Seeded fuzzing of the frame reader ({@link FrameReader}, its {@link FrameScanner} and
 * {@link FrameParser}, and {@link Inbound#classify} of what it delivers): streams of valid frames,
 * mutated frames, garbage lines, random bytes, invalid UTF-8 inside strings, nesting past the
 * limit, frames over a random small bound and CR/LF mixes, the whole stream sometimes mutated
 * again, read once whole and once in random chunks. Whatever the bytes, the reader never throws and
 * never hangs, and:
 * <ul>
 *   <li>both reads see the same frames, malformed reasons (with their stream offsets) and oversized
 *       frames, in the same order: chunking never changes the outcome;
 *   <li>its counters equal what the sink saw, and the byte count is the stream's length;
 *   <li>there is at most one malformed or oversized report per line (each one is discarded through
 *       a line end, bar the last);
 *   <li>every frame is an object or an array, and classifies without throwing;
 *   <li>after any garbage, a valid frame on its own line after the next line is delivered, last.
 * </ul>
 * The seed is printed; {@code -Dfuzz.seed=N} replays a run and {@code -Dfuzz.inputs=N} changes how
 * many streams it reads.
 */
class FrameReaderFuzzTest {
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final int INPUTS = Integer.getInteger("fuzz.inputs", 10_000);
    private static final List<String> FRAGMENTS = List.of(
            "{",
            "}",
            "[",
            "]",
            "\"",
            ":",
            ",",
            "\\",
            "\\u",
            "\\u12",
            "{\"a\":",
            "[[",
            "]]",
            "\n",
            "\r\n",
            "\r",
            " ",
            "\t",
            "true",
            "nul",
            "fals",
            "-",
            "1e",
            ".",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":null}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":1}",
            "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"error\":{\"code\":1,\"message\":\"m\"}}",
            "[{\"jsonrpc\":\"2.0\"}]");

    /** One thing the reader reported: a frame (its tree), a malformed reason, or an oversized count. */
    private record Event(String kind, Object what) {}

    /** Records what the reader delivers, in order, without the excerpts (they depend on the chunking). */
    private static final class Events implements FrameSink {
        final List<Event> events = new ArrayList<>();
        boolean onlyContainers = true;
        int frames;
        int malformed;
        int oversized;

        @Override
        public void frame(JsonNode frame) {
            frames++;
            events.add(new Event("frame", frame));
            onlyContainers &= frame.isContainer();
            if (frame.isArray()) {
                frame.forEach(Inbound::classify);
            }
            Inbound.classify(frame);
        }

        @Override
        public void malformed(String reason, String excerpt) {
            malformed++;
            events.add(new Event("malformed", reason));
        }

        @Override
        public void oversized(long bytesDiscarded) {
            oversized++;
            events.add(new Event("oversized", bytesDiscarded));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anyByteStreamYieldsFramesAndCountedReportsAlikeForAnyChunkingNeverAnException() {
        long seed = Long.getLong("fuzz.seed", new SplittableRandom().nextLong());
        System.out.println("FrameReaderFuzzTest seed " + seed + " (rerun with -Dfuzz.seed=" + seed + ")");
        SplittableRandom random = new SplittableRandom(seed);
        JsonText json = new JsonText(random);
        Garbage garbage = new Garbage(random, json);
        List<byte[]> corpus = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            corpus.add(json.frame().getBytes(StandardCharsets.UTF_8));
        }
        Mutations mutations = new Mutations(random, FRAGMENTS, corpus);
        Map<String, Integer> totals = new TreeMap<>();
        long started = System.nanoTime();
        long slowest = 0;
        String slowestInput = "";
        for (int i = 0; i < INPUTS; i++) {
            StringBuilder how = new StringBuilder();
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            int bound = random.nextInt(3) == 0 ? FrameReader.DEFAULT_MAX_FRAME_BYTES : 128 + random.nextInt(4096);
            for (int s = 1 + random.nextInt(8); s > 0; s--) {
                stream.writeBytes(segment(random, json, garbage, mutations, bound, how));
                stream.writeBytes(mutations
                        .pick(List.of("", "\n", "\n", "\r\n", "\r", " "))
                        .getBytes(StandardCharsets.US_ASCII));
            }
            byte[] body = stream.toByteArray();
            if (random.nextInt(3) == 0) {
                how.append(" | stream:");
                body = mutations.mutate(body, how);
            }
            String sentinel = "{\"jsonrpc\":\"2.0\",\"method\":\"sentinel\",\"params\":[" + i + "]}";
            byte[] input = Mutations.splice(
                    body,
                    body.length,
                    body.length,
                    ("\n" + sentinel + "\n" + sentinel + "\n").getBytes(StandardCharsets.US_ASCII));
            int n = i;
            Event expectedLast = new Event("frame", JSON.readTree(sentinel));
            Supplier<String> which = () -> "input " + n + " (seed " + seed + ", bound " + bound + ", made of" + how
                    + "): " + Mutations.show(input);
            long t0 = System.nanoTime();
            Events whole = read(new ByteArrayInputStream(input), bound, input.length, which);
            Events split =
                    read(new ChunkedInputStream(input, new SplittableRandom(seed ^ i)), bound, input.length, which);
            if (System.nanoTime() - t0 > slowest) {
                slowest = System.nanoTime() - t0;
                slowestInput = i + " (" + input.length + " bytes," + how + ")";
            }
            check(
                    whole.events.equals(split.events),
                    which,
                    () -> "chunked reads saw " + split.events + " where one read saw " + whole.events);
            check(
                    whole.malformed + whole.oversized <= lineFeeds(input) + 1,
                    which,
                    () -> "more reports than lines: " + whole.events);
            check(
                    !whole.events.isEmpty() && whole.events.getLast().equals(expectedLast),
                    which,
                    () -> "the frame after the garbage was not delivered last: " + whole.events);
            totals.merge("frames", whole.frames, Integer::sum);
            totals.merge("malformed", whole.malformed, Integer::sum);
            totals.merge("oversized", whole.oversized, Integer::sum);
        }
        System.out.printf(
                "FrameReaderFuzzTest: %d streams in %d ms (slowest: input %s, %.1f ms, both reads): %s%n",
                INPUTS, (System.nanoTime() - started) / 1_000_000, slowestInput, slowest / 1e6, totals);
        assertTrue(totals.get("malformed") > 0 && totals.get("oversized") > 0, "the inputs never hit a failure path");
    }

    /** Reads {@code in} through a reader; any exception, or counters that disagree with the sink, fail. */
    private static Events read(InputStream in, int bound, int length, Supplier<String> which) {
        Events sink = new Events();
        FrameReader reader = new FrameReader(in, bound, sink, "fuzz");
        try {
            reader.run();
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("the reader threw " + e + " for " + which.get(), e);
        }
        FrameStats expected = new FrameStats(sink.frames, sink.malformed, sink.oversized, length);
        check(
                reader.stats().equals(expected),
                which,
                () -> "stats " + reader.stats() + " but the sink saw " + expected);
        check(
                sink.onlyContainers,
                which,
                () -> "delivered a frame that is neither an object nor an array: " + sink.events);
        return sink;
    }

    private static byte[] segment(
            SplittableRandom random,
            JsonText json,
            Garbage garbage,
            Mutations mutations,
            int bound,
            StringBuilder how) {
        switch (random.nextInt(9)) {
            case 0 -> {
                how.append(" frame");
                return utf8(json.frame());
            }
            case 1 -> {
                how.append(" mutated-frame:");
                return mutations.mutate(utf8(json.frame()), how);
            }
            case 2 -> {
                how.append(" garbage");
                return utf8(garbage.line());
            }
            case 3 -> {
                how.append(" random");
                return mutations.randomBytes(random.nextInt(300));
            }
            case 4 -> {
                int depth = random.nextBoolean() ? FrameScanner.MAX_DEPTH - 2 + random.nextInt(5) : mutations.huge();
                how.append(" nested").append(depth);
                String open = random.nextBoolean() ? "[" : "{\"a\":";
                String close = open.equals("[") ? "]" : "}";
                return utf8(open.repeat(depth) + "0" + (random.nextBoolean() ? close.repeat(depth) : ""));
            }
            case 5 -> {
                int length = bound < 8192 ? bound - 12 + random.nextInt(24) : random.nextInt(8192);
                how.append(" long-string").append(length);
                return utf8("{\"s\":\"" + "x".repeat(Math.max(0, length)) + "\"}");
            }
            case 6 -> {
                how.append(" bad-utf8");
                return Mutations.splice(utf8("{\"a\":[\"\"]}"), 8, 8, mutations.randomBytes(1 + random.nextInt(6)));
            }
            case 7 -> {
                how.append(" newlines");
                return utf8(mutations.pick(List.of("\r\n\r\n", "\n\r", "\r", "\r\r\n", " \t \n", "\n\n\n")));
            }
            default -> {
                how.append(" pretty-frame-crlf");
                return utf8(json.frame().replace("\n", random.nextBoolean() ? "\r\n" : "\r"));
            }
        }
    }

    private static int lineFeeds(byte[] b) {
        int n = 0;
        for (byte x : b) {
            n += x == '\n' ? 1 : 0;
        }
        return n;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void check(boolean ok, Supplier<String> which, Supplier<String> what) {
        if (!ok) {
            throw new AssertionError(what.get() + "\n  for " + which.get());
        }
    }
}
