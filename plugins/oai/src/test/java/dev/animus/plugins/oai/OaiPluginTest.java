package dev.animus.plugins.oai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.testoai.ErrorReply;
import dev.animus.testoai.FakeChat;
import dev.animus.testoai.SseReply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The plugin as a real process over stdio, against a real loopback chat server. */
class OaiPluginTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    /**
     * One plugin process for the class (a JVM start is most of a test's time): each run names its
     * own chat server in its {@code env}, as the host passes a run's environment.
     */
    private static PluginProcess plugin;

    @TempDir
    static Path pluginDir;

    @TempDir
    Path project;

    private final FakeChat chat = FakeChat.start();
    private final String control = UUID.randomUUID().toString();

    @BeforeAll
    static void startPlugin() throws Exception {
        plugin = PluginProcess.start(pluginDir, Map.of());
    }

    @AfterAll
    static void stopPlugin() {
        plugin.close();
    }

    @AfterEach
    void stop() {
        chat.close();
    }

    private Map<String, Object> params(String prompt, String control, Map<String, String> env) {
        Map<String, String> runEnv = new LinkedHashMap<>(env);
        runEnv.put("OPENAI_BASE_URL", chat.baseUrl().toString());
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("prompt", prompt);
        params.put("cwd", project.toString());
        params.put("env", runEnv);
        params.put("control_session_id", control);
        params.put("project_root", project.toString());
        return params;
    }

    private Map<String, Object> params(String prompt) {
        return params(prompt, control, Map.of());
    }

    @Test
    void theManifestDeclaresTheProviderItsEnvironmentAndItsSecret() throws Exception {
        Process probe = new ProcessBuilder(PluginProcess.command("--manifest")).start();
        probe.getOutputStream().close();
        JsonNode manifest =
                PluginProcess.JSON.readTree(new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(0, probe.waitFor());
        assertEquals("oai", manifest.path("name").asString());
        assertEquals("provider", manifest.path("plugin_kind").asString());
        assertEquals(
                List.of("OPENAI_BASE_URL", "OPENAI_MODEL"),
                manifest.path("env_required")
                        .valueStream()
                        .map(e -> e.path("name").asString())
                        .toList());
        assertEquals(
                "OPENAI_API_KEY", manifest.path("secrets").path(0).path("env").asString());
        assertTrue(manifest.path("capabilities").toString().contains("agent/resume"), manifest.toString());
    }

    @Test
    void textArrivesInOrderAsItIsSentThenTheResultCarriesTheSession() throws Exception {
        SseReply reply = SseReply.builder()
                .reasoning("thinking it over")
                .content("Hello")
                .content(", ")
                .content("world")
                .finish("stop")
                .usage(3, 4)
                .done()
                .paced()
                .build();
        chat.reply(reply);
        int id = plugin.nextId();
        plugin.request(id, "agent/run", params("greet", control, Map.of("OPENAI_MODEL", "env-model")));
        reply.release(2);
        assertEquals(
                "thinking it over",
                plugin.notification("agent/thinking", control)
                        .path("params")
                        .path("text")
                        .asString());
        JsonNode first = plugin.notification("agent/output", control).path("params");
        assertEquals("Hello", first.path("text").asString());
        assertEquals(2, reply.sent(), "the first words came before the last were sent");
        reply.releaseAll();
        List<JsonNode> rest = plugin.notificationsBefore(id, "agent/output");
        assertEquals(
                List.of(", ", "world", ""),
                rest.stream().map(o -> o.path("text").asString()).toList());
        assertTrue(rest.getLast().path("final").asBoolean());
        JsonNode result = plugin.response(id).path("result");
        assertEquals(0, result.path("exit_code").asInt());
        assertEquals("Hello, world", result.path("output").asString());
        assertEquals("stop", result.path("metadata").path("finish_reason").asString());
        assertEquals(
                7, result.path("metadata").path("usage").path("total_tokens").asInt());
        String session = result.path("session_id").asString();
        assertTrue(Files.isRegularFile(project.resolve(".animus/providers/oai/sessions/" + session + ".json")));
        JsonNode sent = PluginProcess.JSON.readTree(chat.awaitRequest(0, WAIT).body());
        assertEquals("env-model", sent.path("model").asString());
        assertTrue(sent.path("stream").asBoolean());
        assertEquals("greet", sent.path("messages").path(0).path("content").asString());
    }

    @Test
    void theRequestsModelWinsOverOpenaiModel() throws Exception {
        chat.reply(SseReply.builder().content("x").done().build());
        Map<String, Object> params = params("hi", control, Map.of("OPENAI_MODEL", "env-model"));
        params.put("model", "asked-model");
        int id = plugin.nextId();
        plugin.request(id, "agent/run", params);
        assertEquals(0, plugin.response(id).path("result").path("exit_code").asInt());
        JsonNode sent = PluginProcess.JSON.readTree(chat.awaitRequest(0, WAIT).body());
        assertEquals("asked-model", sent.path("model").asString());
    }

    @Test
    void aToolCallIsOneTypedEventWithItsArgumentsParsed() throws Exception {
        chat.reply(SseReply.builder()
                .toolCall(0, "call_1", "read_file", "{\"path\"")
                .toolCall(0, "", "", ":\"a.txt\"}")
                .finish("tool_calls")
                .done()
                .build());
        int id = plugin.nextId();
        plugin.request(id, "agent/run", params("read it"));
        JsonNode call = plugin.notification("agent/toolCall", control).path("params");
        assertEquals("read_file", call.path("name").asString());
        assertEquals("a.txt", call.path("arguments").path("path").asString());
        assertEquals(
                "tool_calls",
                plugin.response(id)
                        .path("result")
                        .path("metadata")
                        .path("finish_reason")
                        .asString());
    }

    @Test
    void a500IsAnAgentErrorAndAStructuredErrorWithTheServersMessage() throws Exception {
        chat.reply(new ErrorReply(500, "CUDA out of memory"));
        int id = plugin.nextId();
        plugin.request(id, "agent/run", params("hi"));
        JsonNode error = plugin.response(id).path("error");
        assertEquals(-32603, error.path("code").asInt());
        assertTrue(error.path("message").asString().contains("answered 500: CUDA out of memory"), error.toString());
        assertEquals("provider_upstream", error.path("data").path("category").asString());
        assertEquals("status", error.path("data").path("failure").asString());
        assertEquals(500, error.path("data").path("status").asInt());
        JsonNode notified = plugin.notification("agent/error", control).path("params");
        assertTrue(notified.path("message").asString().contains("CUDA out of memory"), notified.toString());
        assertTrue(notified.path("recoverable").asBoolean());
    }

    @Test
    void aStreamCutMidWayIsAClearErrorAfterTheTextSoFar() throws Exception {
        chat.reply(SseReply.builder().content("partial").cut().build());
        int id = plugin.nextId();
        plugin.request(id, "agent/run", params("hi"));
        assertEquals(
                "partial",
                plugin.notification("agent/output", control)
                        .path("params")
                        .path("text")
                        .asString());
        JsonNode error = plugin.response(id).path("error");
        assertTrue(error.path("message").asString().contains("was cut before it ended"), error.toString());
        assertEquals("cut", error.path("data").path("failure").asString());
    }

    @Test
    void cancelClosesTheConnectionAndTheRunIsAnsweredCancelled() throws Exception {
        SseReply reply =
                SseReply.builder().content("one").content("two").done().paced().build();
        chat.reply(reply);
        int id = plugin.nextId();
        plugin.request(id, "agent/run", params("count"));
        reply.release(1);
        assertEquals(
                "one",
                plugin.notification("agent/output", control)
                        .path("params")
                        .path("text")
                        .asString());
        int cancel = plugin.nextId();
        plugin.request(cancel, "agent/cancel", Map.of("session_id", control));
        assertTrue(plugin.response(cancel).path("result").path("cancelled").asBoolean());
        assertTrue(reply.awaitClientClosed(WAIT), "the server never saw the connection closed");
        assertEquals(-32002, plugin.response(id).path("error").path("code").asInt());
    }

    @Test
    void resumeSendsTheEarlierMessagesThenTheNewPrompt() throws Exception {
        chat.reply(SseReply.builder().content("Paris.").finish("stop").done().build());
        chat.reply(SseReply.builder()
                .content("About 2 million.")
                .finish("stop")
                .done()
                .build());
        Map<String, Object> first = params("Capital of France?");
        first.put("system_prompt", "Answer briefly.");
        first.put("model", "m-1");
        int id = plugin.nextId();
        plugin.request(id, "agent/run", first);
        String session = plugin.response(id).path("result").path("session_id").asString();
        Map<String, Object> again = params("Its population?", UUID.randomUUID().toString(), Map.of());
        again.put("session_id", session);
        int resume = plugin.nextId();
        plugin.request(resume, "agent/resume", again);
        JsonNode result = plugin.response(resume).path("result");
        assertEquals("About 2 million.", result.path("output").asString());
        assertEquals(session, result.path("session_id").asString());
        JsonNode resumed =
                PluginProcess.JSON.readTree(chat.awaitRequest(1, WAIT).body());
        assertEquals(
                List.of(
                        "system:Answer briefly.",
                        "user:Capital of France?",
                        "assistant:Paris.",
                        "user:Its population?"),
                resumed.path("messages")
                        .valueStream()
                        .map(m -> m.path("role").asString() + ":"
                                + m.path("content").asString())
                        .toList());
        assertEquals("m-1", resumed.path("model").asString(""), "a resumed conversation keeps its model");
    }

    @Test
    void resumingAnUnknownSessionIsAClearError() throws Exception {
        Map<String, Object> params = params("more");
        params.put("session_id", "no-such-session");
        int id = plugin.nextId();
        plugin.request(id, "agent/resume", params);
        JsonNode error = plugin.response(id).path("error");
        assertEquals(-32602, error.path("code").asInt());
        assertTrue(error.path("message").asString().contains("no session 'no-such-session'"), error.toString());
        assertEquals(List.of(), chat.requests());
    }
}
