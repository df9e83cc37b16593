package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.animus.json.ExactJson;
import dev.animus.json.ExactNumberNode;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Numbers pass through the host byte for byte: read from a plugin's output (the frame reader),
 * parsed from text (what the shell does with {@code --params}), written to a plugin (the frame
 * writer's compact JSON) and printed (Jackson's writer, which the shell uses). Random numbers of
 * the whole JSON grammar, from {@link FrameReaderPropertyTest#seeds()}; each case's seed is in its
 * name and in every failure message.
 */
class NumberFidelityPropertyTest {
    private static final JsonMapper JSON = JsonMapper.shared();

    static LongStream seeds() {
        return FrameReaderPropertyTest.seeds();
    }

    /** A JSON number: sign, integer part (up to 40 digits), fraction (up to 40), exponent (up to 7 digits, any case, any sign). */
    static String number(SplittableRandom random) {
        StringBuilder out = new StringBuilder();
        if (random.nextBoolean()) {
            out.append('-');
        }
        if (random.nextInt(4) == 0) {
            out.append('0');
        } else {
            out.append(1 + random.nextInt(9));
            digits(out, random, random.nextInt(random.nextInt(8) == 0 ? 40 : 6));
        }
        if (random.nextInt(2) == 0) {
            out.append('.');
            digits(out, random, 1 + random.nextInt(random.nextInt(8) == 0 ? 40 : 6));
        }
        if (random.nextInt(3) == 0) {
            out.append(random.nextBoolean() ? 'e' : 'E').append(new String[] {"", "+", "-"}[random.nextInt(3)]);
            digits(out, random, 1 + random.nextInt(random.nextInt(8) == 0 ? 7 : 3));
        }
        return out.toString();
    }

    private static void digits(StringBuilder out, SplittableRandom random, int count) {
        for (int i = 0; i < count; i++) {
            out.append(random.nextInt(10));
        }
    }

    static String frame(SplittableRandom random) {
        StringJoiner numbers = new StringJoiner(",", "{\"n\":[", "]}");
        int count = 1 + random.nextInt(30);
        for (int i = 0; i < count; i++) {
            numbers.add(number(random));
        }
        return numbers.toString();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyNumberIsReadParsedWrittenAndPrintedAsItWasWritten(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 10; n++) {
            String frame = frame(random);
            CollectingSink sink = new CollectingSink();
            new FrameReader(
                            new ByteArrayInputStream((frame + "\n").getBytes(StandardCharsets.UTF_8)),
                            FrameReader.DEFAULT_MAX_FRAME_BYTES,
                            sink)
                    .run();
            assertEquals(1, sink.frames.size(), "seed " + seed + ": " + frame + " " + sink.malformed);
            JsonNode read = sink.frames.getFirst();
            JsonNode parsed = ExactJson.parse(frame);

            assertEquals(frame, CompactJsonTest.compact(read), "seed " + seed + ", read then written");
            assertEquals(frame, CompactJsonTest.compact(parsed), "seed " + seed + ", parsed then written");
            assertEquals(frame, JSON.writeValueAsString(read), "seed " + seed + ", printed");
            assertEquals(read, parsed, "seed " + seed + ": the reader and the parser build the same tree");
        }
    }

    @Test
    void theNumbersJacksonWouldRewriteAreKeptWhileTheOthersStayJacksonsNodes() {
        String params = "{\"a\":1e1000000,\"b\":0.1000000000000000000000000001,\"c\":123456789012345678901234567890,"
                + "\"d\":-0.0,\"e\":1E+2,\"f\":-0,\"g\":2.5,\"h\":7}";
        JsonNode tree = ExactJson.parse(params);
        assertEquals(params, CompactJsonTest.compact(tree));
        assertEquals(params, tree.toString());
        assertEquals(ExactNumberNode.class, tree.get("a").getClass());
        assertEquals(Double.POSITIVE_INFINITY, tree.get("a").numberValue().doubleValue());
        assertEquals(
                new BigDecimal("0.1000000000000000000000000001"), tree.get("b").decimalValue());
        assertEquals(
                new BigInteger("123456789012345678901234567890"), tree.get("c").bigIntegerValue());
        assertEquals(100.0, tree.get("e").asDouble());
        assertEquals(
                JSON.readTree("{\"g\":2.5,\"h\":7}"),
                JSON.createObjectNode().setAll(Map.of("g", tree.get("g"), "h", tree.get("h"))));
    }
}
