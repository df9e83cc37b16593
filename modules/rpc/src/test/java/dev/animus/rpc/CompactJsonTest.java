package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The writer's serializer against Jackson: same trees back, compact, one line. Seeded like the reader's. */
class CompactJsonTest {
    private static final JsonMapper JSON = JsonMapper.shared();

    static LongStream seeds() {
        return FrameReaderPropertyTest.seeds();
    }

    /** {@code tree} as the frame writer writes it. */
    static String compact(JsonNode tree) {
        ByteSink sink = new ByteSink();
        CompactJson.write(tree, sink);
        return new String(sink.array(), 0, sink.size(), StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void writesTreesThatJacksonReadsBackEqualOnOneLine(long seed) {
        JsonText json = new JsonText(new SplittableRandom(seed));
        for (int n = 0; n < 20; n++) {
            JsonNode tree = JSON.readTree(json.frame());
            String text = compact(tree);
            assertEquals(tree, JSON.readTree(text), "seed " + seed + ": " + text);
            assertEquals(JSON.writeValueAsString(tree).length(), text.length(), "seed " + seed + ": " + text);
            assertEquals(-1, text.indexOf('\n'), "seed " + seed);
        }
    }

    @Test
    void aLoneSurrogateIsEscapedSoTheOutputStaysValidUtf8() {
        ObjectNode tree = JsonNodeFactory.instance.objectNode().put("s", "a\uD800b");
        assertEquals("{\"s\":\"a\\ud800b\"}", compact(tree));
        assertEquals(tree, JSON.readTree(compact(tree)));
    }

    @Test
    void nodesItDoesNotHandleGoToJacksonWhole() {
        ObjectNode tree = JsonNodeFactory.instance
                .objectNode()
                .put("bytes", new byte[] {1, 2, 3})
                .put("f", 1.5f);
        assertEquals(JSON.writeValueAsString(tree), compact(tree));
    }
}
