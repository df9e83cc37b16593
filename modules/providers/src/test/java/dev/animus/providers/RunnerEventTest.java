package dev.animus.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class RunnerEventTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode json(String s) {
        return JSON.readTree(s);
    }

    @Test
    void theDocumentedNotificationsBecomeTheirEventsWithTheirDefaults() {
        assertEquals(new RunnerEvent.Output("hi", false), RunnerEvent.of("agent/output", json("{\"text\":\"hi\"}")));
        assertEquals(
                new RunnerEvent.Output("hi", true),
                RunnerEvent.of("agent/output", json("{\"text\":\"hi\",\"final\":true}")));
        assertEquals(new RunnerEvent.Thinking("t"), RunnerEvent.of("agent/thinking", json("{\"text\":\"t\"}")));
        assertEquals(
                new RunnerEvent.ToolCall("ls", JsonNodeFactory.instance.nullNode(), Optional.empty()),
                RunnerEvent.of("agent/toolCall", json("{\"name\":\"ls\"}")));
        assertEquals(
                new RunnerEvent.ToolResult("ls", json("1"), true),
                RunnerEvent.of("agent/toolResult", json("{\"name\":\"ls\",\"output\":1}")));
        assertEquals(
                new RunnerEvent.ToolResult("ls", json("1"), false),
                RunnerEvent.of("agent/toolResult", json("{\"name\":\"ls\",\"output\":1,\"success\":false}")));
        assertEquals(new RunnerEvent.Error("e", true), RunnerEvent.of("agent/error", json("{\"message\":\"e\"}")));
        assertEquals(
                new RunnerEvent.Error("e", false),
                RunnerEvent.of("agent/error", json("{\"message\":\"e\",\"recoverable\":false}")));
        assertEquals(
                new RunnerEvent.Metadata("$/progress", json("{\"value\":3}")),
                RunnerEvent.of("$/progress", json("{\"value\":3}")));
        assertEquals(
                new RunnerEvent.Metadata("agent/progress", json("{}")), RunnerEvent.of("agent/progress", json("{}")));
        assertEquals(
                new RunnerEvent.Metadata("agent/output", json("{\"text\":3}")),
                RunnerEvent.of("agent/output", json("{\"text\":3}")),
                "a known method with the wrong shape is metadata, not lost");
    }

    /** Any method with any params maps to an event without throwing; an unknown method is metadata. */
    @Test
    void anyNotificationMapsWithoutThrowingAndUnknownOnesAreMetadata() {
        Random random = new Random(2121);
        List<String> methods = List.of(
                "agent/output",
                "agent/thinking",
                "agent/toolCall",
                "agent/toolResult",
                "agent/error",
                "$/progress",
                "agent/progress",
                "log/entry",
                "",
                "agent/",
                "x");
        List<String> keys = List.of(
                "text",
                "name",
                "message",
                "final",
                "success",
                "recoverable",
                "arguments",
                "output",
                "server",
                "session_id");
        for (int i = 0; i < 20_000; i++) {
            String method = methods.get(random.nextInt(methods.size()));
            JsonNode params = randomValue(random, keys, 2);
            RunnerEvent e = RunnerEvent.of(method, params);
            if (!method.startsWith("agent/") || method.equals("agent/") || method.equals("agent/progress")) {
                RunnerEvent.Metadata m = assertInstanceOf(RunnerEvent.Metadata.class, e, method);
                assertEquals(method, m.method());
            }
        }
        assertInstanceOf(RunnerEvent.Metadata.class, RunnerEvent.of("agent/output", null));
    }

    private static JsonNode randomValue(Random random, List<String> keys, int depth) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (random.nextInt(depth > 0 ? 7 : 5)) {
            case 0 -> f.stringNode("s" + random.nextInt(3));
            case 1 -> f.numberNode(random.nextInt());
            case 2 -> f.booleanNode(random.nextBoolean());
            case 3 -> f.nullNode();
            case 4 -> f.missingNode();
            case 5 -> f.arrayNode().add(randomValue(random, keys, depth - 1));
            default -> {
                ObjectNode o = f.objectNode();
                int n = random.nextInt(5);
                for (int k = 0; k < n; k++) {
                    JsonNode v = randomValue(random, keys, depth - 1);
                    if (!v.isMissingNode()) {
                        o.set(keys.get(random.nextInt(keys.size())), v);
                    }
                }
                yield o;
            }
        };
    }
}
