package dev.animus.testplugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The echo plugins, whatever their language, behave as docs/protocol.md says, over real pipes
 * and a cleared environment: the Java one built with the sdk, and the Python one written from the
 * document alone.
 */
class EchoConformanceTest {

    private static final Map<String, String> ENVIRONMENT =
            Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8", "ANIMUS_TEST_DECLARED", "forwarded");

    @TempDir
    Path dir;

    static Stream<Arguments> plugins() {
        return Stream.of(
                Arguments.of("java echo", PluginUnderTest.launcher("animus-plugin-echo")),
                Arguments.of(
                        "python echo",
                        Path.of(System.getProperty("animus.examples.dir"))
                                .resolve("python-echo/animus-plugin-pyecho")));
    }

    private PluginUnderTest start(Path plugin, String... args) {
        return PluginUnderTest.start(plugin, ENVIRONMENT, dir, args);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void manifestIsOneJsonLineWithTheRequiredFieldsAndExitZero(String name, Path plugin) {
        try (var p = PluginUnderTest.start(plugin, Map.of(), dir, "--manifest")) {
            JsonNode manifest = p.nextFrame();
            assertEquals(Optional.empty(), p.nextLine());
            assertEquals(0, p.exitCode());
            for (String field : List.of("name", "version", "plugin_kind", "description", "protocol_version")) {
                assertTrue(manifest.get(field).isString(), field + " in " + manifest);
            }
            assertTrue(manifest.get("protocol_version").asString().startsWith("1."), manifest.toString());
            assertTrue(manifest.get("capabilities").toString().contains("\"echo\""), manifest.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void handshakeAnswersWithProtocolVersionPluginInfoAndCapabilities(String name, Path plugin) {
        try (var p = start(plugin)) {
            JsonNode result = p.handshake();
            assertTrue(result.get("protocol_version").asString().startsWith("1."), result.toString());
            assertTrue(result.get("plugin_info").get("name").isString(), result.toString());
            assertTrue(result.get("plugin_info").get("plugin_kind").isString(), result.toString());
            String methods = result.get("capabilities").get("methods").toString();
            for (String method : List.of("echo", "stream", "env")) {
                assertTrue(methods.contains("\"" + method + "\""), method + " in " + methods);
            }
            assertTrue(result.get("capabilities").get("progress").asBoolean(), result.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void aDomainCallBeforeInitializedIsAnsweredNotInitialized(String name, Path plugin) {
        try (var p = start(plugin)) {
            assertEquals(
                    -32000, p.call(1, "echo", "{}").get("error").get("code").asInt());
            p.call(2, "initialize", "{\"protocol_version\":\"1.1.0\"}");
            assertEquals(
                    -32000, p.call(3, "echo", "{}").get("error").get("code").asInt());
            assertEquals("{}", p.call(4, "$/ping", null).get("result").toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void aHostOfAnotherMajorIsRejectedNamingBothVersions(String name, Path plugin) {
        try (var p = start(plugin)) {
            JsonNode error =
                    p.call(1, "initialize", "{\"protocol_version\":\"2.0.0\"}").get("error");
            assertEquals(-32602, error.get("code").asInt());
            assertTrue(error.get("message").asString().contains("2.0.0"), error.toString());
            assertTrue(error.get("message").asString().contains("1."), error.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void echoPingHealthAndStreamAnswerAsDocumented(String name, Path plugin) {
        try (var p = start(plugin)) {
            p.handshake();
            String params = "{\"text\":\"héllo \\\"wörld\\\"\\n\",\"n\":[1,2.5,true,null],\"o\":{}}";
            assertEquals(params, p.call("e-1", "echo", params).get("result").toString());
            assertEquals("{}", p.call(2, "$/ping", null).get("result").toString());
            assertEquals(
                    "healthy",
                    p.call(3, "health/check", null).get("result").get("status").asString());
            p.request(4, "stream", "{\"count\":3,\"text\":\"t\"}");
            for (int i = 0; i < 3; i++) {
                JsonNode progress = p.nextFrame();
                assertEquals("$/progress", progress.get("method").asString(), progress.toString());
                assertEquals(4, progress.get("params").get("id").asInt());
                assertEquals(i, progress.get("params").get("value").get("index").asInt());
                assertEquals(
                        "t", progress.get("params").get("value").get("text").asString());
            }
            assertEquals(3, p.nextFrame().get("result").get("count").asInt());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void anUnknownMethodIsMethodNotFound(String name, Path plugin) {
        try (var p = start(plugin)) {
            p.handshake();
            assertEquals(
                    -32601, p.call(1, "no/such", "{}").get("error").get("code").asInt());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void theEnvironmentIsExactlyWhatTheHostGave(String name, Path plugin) {
        try (var p = start(plugin)) {
            p.handshake();
            JsonNode env = p.call(1, "env", null).get("result");
            var seen = new TreeMap<String, String>();
            env.properties().forEach(e -> seen.put(e.getKey(), e.getValue().asString()));
            assertEquals(new TreeMap<>(ENVIRONMENT), seen);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void shutdownThenExitEndsThePluginWithZero(String name, Path plugin) {
        try (var p = start(plugin)) {
            p.handshake();
            assertEquals("{}", p.call(1, "shutdown", null).get("result").toString());
            p.notify("exit", null);
            assertEquals(0, p.exitCode());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void endOfStdinEndsThePluginWithZero(String name, Path plugin) {
        try (var p = start(plugin)) {
            p.handshake();
            p.closeStdin();
            assertEquals(0, p.exitCode());
        }
    }
}
