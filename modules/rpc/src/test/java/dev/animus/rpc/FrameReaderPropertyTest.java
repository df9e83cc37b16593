package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.animus.json.ExactJson;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The frame reader under random streams and random read splits. Seeded and reproducible: each
 * case's seed is in its name and in every failure message; {@code -Dfuzz.seed=N} changes the
 * base seed, {@code -Dfuzz.inputs=N} the number of cases.
 */
class FrameReaderPropertyTest {
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final long BASE_SEED = Long.getLong("fuzz.seed", 0x5EED_A11D_2026L);
    private static final int CASES = Integer.getInteger("fuzz.inputs", 300);

    static LongStream seeds() {
        SplittableRandom base = new SplittableRandom(BASE_SEED);
        return LongStream.generate(base::nextLong).limit(CASES);
    }

    /** A random stream: its bytes, the frames it holds, and how many garbage lines it has. */
    record Stream(byte[] bytes, List<JsonNode> frames, int garbageLines, String text) {}

    static Stream randomStream(SplittableRandom random) {
        JsonText json = new JsonText(random);
        Garbage garbage = new Garbage(random, json);
        StringBuilder text = new StringBuilder();
        List<JsonNode> frames = new ArrayList<>();
        int garbageLines = 0;
        int lines = random.nextInt(40);
        for (int i = 0; i < lines; i++) {
            switch (random.nextInt(6)) {
                case 0 -> text.append(random.nextBoolean() ? "" : "   \t");
                case 1 -> {
                    text.append(garbage.line());
                    garbageLines++;
                }
                default -> {
                    text.append(random.nextInt(5) == 0 ? "  " : "");
                    int count = 1 + random.nextInt(3);
                    for (int f = 0; f < count; f++) {
                        String frame = json.frame();
                        frames.add(ExactJson.parse(frame)); // the host keeps numbers as written
                        text.append(frame).append(random.nextBoolean() ? "" : " ");
                    }
                }
            }
            boolean last = i == lines - 1;
            if (!last || random.nextBoolean()) {
                text.append(random.nextInt(5) == 0 ? "\r\n" : "\n");
            }
        }
        return new Stream(text.toString().getBytes(StandardCharsets.UTF_8), frames, garbageLines, text.toString());
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void yieldsEveryFrameAndOneReportPerGarbageLineForAnySplitOfTheStream(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Stream stream = randomStream(random);
        CollectingSink sink = new CollectingSink();
        FrameReader reader = new FrameReader(
                new ChunkedInputStream(stream.bytes(), random), FrameReader.DEFAULT_MAX_FRAME_BYTES, sink);

        reader.run();

        String context = "seed " + seed + "\n--- stream ---\n" + stream.text() + "\n--- reports ---\n" + sink.malformed;
        assertEquals(stream.frames(), sink.frames, context);
        assertEquals(stream.garbageLines(), sink.malformed.size(), context);
        assertEquals(
                new FrameStats(stream.frames().size(), stream.garbageLines(), 0, stream.bytes().length),
                reader.stats(),
                context);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aSmallFrameBoundGivesTheSameOutcomeForAnySplitOfTheStream(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Stream stream = randomStream(random);
        int bound = 16 + random.nextInt(200);

        CollectingSink whole = new CollectingSink();
        new FrameReader(new ByteArrayInputStream(stream.bytes()), bound, whole).run();
        CollectingSink split = new CollectingSink();
        new FrameReader(new ChunkedInputStream(stream.bytes(), random), bound, split).run();

        String context = "seed " + seed + ", bound " + bound + "\n--- stream ---\n" + stream.text();
        assertEquals(whole.frames, split.frames, context);
        assertEquals(whole.malformed.size(), split.malformed.size(), context);
        assertEquals(whole.oversized, split.oversized, context);
    }
}
