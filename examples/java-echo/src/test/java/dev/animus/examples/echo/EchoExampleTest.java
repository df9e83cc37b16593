package dev.animus.examples.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The example plugin served in-process: the frames a host sends, the answers it gets. */
class EchoExampleTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Serves {@code requests} (after the handshake) to end of input; returns every frame written. */
    private static List<JsonNode> session(String... requests) {
        var frames = new StringBuilder()
                .append(
                        "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocol_version\":\"1.1.0\"}}\n")
                .append("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}\n");
        for (String request : requests) {
            frames.append(request).append('\n');
        }
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = EchoExample.plugin()
                .serve(
                        new ByteArrayInputStream(frames.toString().getBytes(StandardCharsets.UTF_8)),
                        out,
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8).lines().map(JSON::readTree).toList();
    }

    private static JsonNode answer(List<JsonNode> frames, int id) {
        return frames.stream()
                .filter(f -> f.path("id").asInt(-1) == id && !f.has("method"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no answer to request " + id + " in " + frames));
    }

    @Test
    void echoAnswersTheParamsUnchanged() {
        var frames = session(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{\"a\":[1,2.5,true,null],\"b\":\"x\"}}");
        assertEquals(
                JSON.readTree("{\"a\":[1,2.5,true,null],\"b\":\"x\"}"),
                answer(frames, 1).get("result"));
    }

    @Test
    void reverseKeepsSurrogatePairsWhole() {
        var frames = session(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"reverse\",\"params\":{\"text\":\"ab\uD83D\uDE00c\"}}");
        assertEquals(
                "c\uD83D\uDE00ba", answer(frames, 1).path("result").path("text").asString());
    }

    @Test
    void reverseWithoutTextIsInvalidParams() {
        var frames = session("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"reverse\",\"params\":{\"text\":3}}");
        var error = answer(frames, 1).path("error");
        assertEquals(-32602, error.path("code").asInt());
        assertTrue(error.path("message").asString().contains("params.text"), error.toString());
    }

    @Test
    void streamSendsOneProgressPerStepInOrderThenTheCount() {
        var frames = session("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"stream\",\"params\":{\"count\":4}}");
        var progress = frames.stream()
                .filter(f -> "$/progress".equals(f.path("method").asString("")))
                .toList();
        assertEquals(4, progress.size(), frames.toString());
        for (int i = 0; i < 4; i++) {
            assertEquals(1, progress.get(i).path("params").path("id").asInt());
            assertEquals(
                    i,
                    progress.get(i).path("params").path("value").path("index").asInt());
            assertEquals(
                    4,
                    progress.get(i).path("params").path("value").path("count").asInt());
        }
        assertEquals(4, answer(frames, 1).path("result").path("count").asInt());
    }

    @Test
    void streamRefusesACountOutOfRange() {
        var frames = session(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"stream\",\"params\":{\"count\":-1}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"stream\",\"params\":{\"count\":10001}}");
        assertEquals(-32602, answer(frames, 1).path("error").path("code").asInt());
        assertEquals(-32602, answer(frames, 2).path("error").path("code").asInt());
    }

    @Test
    void theManifestNamesTheMethods() {
        var manifest = EchoExample.plugin().manifest();
        assertEquals("echo", manifest.path("name").asString());
        var capabilities = manifest.path("capabilities").toString();
        for (String method : List.of("echo", "reverse", "stream")) {
            assertTrue(capabilities.contains("\"" + method + "\""), capabilities);
        }
    }
}
