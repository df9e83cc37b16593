package dev.animus.testplugins;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** What the Java echo plugin does beyond the shared conformance checks. */
class EchoPluginTest {

    @TempDir
    Path dir;

    @Test
    void aCancelledSleepIsAnsweredRequestCancelledAtOnce() {
        try (var p = PluginUnderTest.start(PluginUnderTest.launcher("animus-plugin-echo"), Map.of(), dir)) {
            p.handshake();
            p.request(1, "sleep", "{\"ms\":600000}");
            p.notify("$/cancelRequest", "{\"id\":1}");
            JsonNode answer = p.nextFrame();
            assertEquals(1, answer.get("id").asInt());
            assertEquals(-32002, answer.get("error").get("code").asInt());
        }
    }

    @Test
    void aShortSleepAnswersWithItsDuration() {
        try (var p = PluginUnderTest.start(PluginUnderTest.launcher("animus-plugin-echo"), Map.of(), dir)) {
            p.handshake();
            assertEquals(
                    5,
                    p.call(1, "sleep", "{\"ms\":5}")
                            .get("result")
                            .get("slept_ms")
                            .asInt());
            assertEquals(
                    -32602,
                    p.call(2, "sleep", "{\"ms\":-1}").get("error").get("code").asInt());
        }
    }
}
