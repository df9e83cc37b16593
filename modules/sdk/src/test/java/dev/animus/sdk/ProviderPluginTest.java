package dev.animus.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.sdk.provider.AgentRequest;
import dev.animus.sdk.provider.AgentResult;
import dev.animus.sdk.provider.AgentStream;
import dev.animus.sdk.provider.Provider;
import dev.animus.sdk.provider.ProviderPlugin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** A provider served by {@link ProviderPlugin}, driven frame by frame as a host would. */
class ProviderPluginTest {

    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile AgentRequest lastRequest;

    /** Prompts: "talk" streams one of each notification; "wait" blocks until cancelled. */
    private final Provider provider = new Provider() {
        @Override
        public AgentResult run(AgentRequest request, AgentStream stream) throws Exception {
            lastRequest = request;
            switch (request.prompt()) {
                case "talk" -> {
                    var nodes = JsonNodeFactory.instance;
                    stream.thinking("hmm");
                    stream.toolCall("read", nodes.objectNode().put("path", "a"), Optional.of("fs"));
                    stream.toolResult("read", nodes.stringNode("text of a"), true);
                    stream.error("slow server", true);
                    stream.progress(nodes.objectNode().put("tokens", 7));
                    stream.log("info", "a log line");
                    stream.output("hello ");
                    stream.output("world", true);
                    return AgentResult.of(0, "hello world")
                            .withMetadata(nodes.objectNode().put("tokens", 7))
                            .withSessionId("p-1");
                }
                case "wait" -> {
                    stream.cancellation().onCancel(stopped::countDown);
                    started.countDown();
                    stream.cancellation().await(Duration.ofSeconds(30));
                    return AgentResult.of(0, "not cancelled");
                }
                default -> {
                    return AgentResult.of(3, request.prompt());
                }
            }
        }

        @Override
        public AgentResult resume(AgentRequest request, AgentStream stream) {
            return AgentResult.of(0, "resumed " + request.sessionId().orElseThrow());
        }
    };

    private Plugin plugin() {
        return ProviderPlugin.of(
                PluginDefinition.of("animus-provider-test", "0.1.0", "provider", "for tests"), provider);
    }

    private static String resume(String prompt, String control, String session) {
        String params = run(prompt, control);
        return params.substring(0, params.length() - 1) + ",\"session_id\":\"" + session + "\"}";
    }

    private static String run(String prompt, String control) {
        return "{\"prompt\":\"" + prompt + "\",\"cwd\":\"/tmp\",\"env\":{\"LANG\":\"C\"},\"control_session_id\":\""
                + control + "\",\"model\":\"m1\",\"timeout_secs\":60}";
    }

    @Test
    void initializeAdvertisesTheAgentMethodsStreamingAndCancellation() {
        try (var host = HostEnd.connect(plugin())) {
            JsonNode caps = host.call(1, "initialize", "{\"protocol_version\":\"1.1.0\"}")
                    .get("result")
                    .get("capabilities");
            assertEquals(
                    "[\"$/ping\",\"health/check\",\"agent/run\",\"agent/resume\",\"agent/cancel\"]",
                    caps.get("methods").toString());
            assertTrue(caps.get("streaming").asBoolean());
            assertTrue(caps.get("cancellation").asBoolean());
        }
    }

    @Test
    void aDefinitionOfAnotherKindIsRefused() {
        var e = assertThrows(
                IllegalArgumentException.class,
                () -> ProviderPlugin.of(PluginDefinition.of("x", "0.1.0", "custom", ""), provider));
        assertTrue(e.getMessage().contains("'provider'"), e.getMessage());
    }

    @Test
    void aRunStreamsEveryNotificationWithTheControlSessionIdInOrderThenAnswers() {
        try (var host = HostEnd.ready(plugin())) {
            host.request(1, "agent/run", run("talk", "c-1"));
            List<String> methods = new ArrayList<>();
            List<JsonNode> params = new ArrayList<>();
            JsonNode frame;
            while ((frame = host.next()).has("method")) {
                methods.add(frame.get("method").asString());
                params.add(frame.get("params"));
            }
            assertEquals(
                    List.of(
                            "agent/thinking",
                            "agent/toolCall",
                            "agent/toolResult",
                            "agent/error",
                            "agent/progress",
                            "log/entry",
                            "agent/output",
                            "agent/output"),
                    methods);
            for (int i = 0; i < params.size(); i++) {
                JsonNode p = params.get(i);
                String session = i == 5
                        ? p.path("fields").path("session_id").asString()
                        : p.path("session_id").asString();
                assertEquals("c-1", session, p.toString());
            }
            assertEquals(
                    "{\"session_id\":\"c-1\",\"text\":\"hmm\"}", params.get(0).toString());
            assertEquals(
                    "{\"session_id\":\"c-1\",\"name\":\"read\",\"arguments\":{\"path\":\"a\"},\"server\":\"fs\"}",
                    params.get(1).toString());
            assertEquals(
                    "{\"session_id\":\"c-1\",\"name\":\"read\",\"output\":\"text of a\",\"success\":true}",
                    params.get(2).toString());
            assertEquals(
                    "{\"session_id\":\"c-1\",\"message\":\"slow server\",\"recoverable\":true}",
                    params.get(3).toString());
            assertEquals("{\"tokens\":7,\"session_id\":\"c-1\"}", params.get(4).toString());
            assertEquals(
                    "{\"session_id\":\"c-1\",\"text\":\"hello \",\"final\":false}",
                    params.get(6).toString());
            assertEquals(
                    "{\"session_id\":\"c-1\",\"text\":\"world\",\"final\":true}",
                    params.get(7).toString());
            assertEquals(
                    "{\"exit_code\":0,\"output\":\"hello world\",\"metadata\":{\"tokens\":7},\"session_id\":\"p-1\"}",
                    frame.get("result").toString());
            AgentRequest seen = lastRequest;
            assertEquals(Optional.of("m1"), seen.model());
            assertEquals(Optional.of(Duration.ofSeconds(60)), seen.timeout());
            assertEquals("C", seen.env().get("LANG"));
        }
    }

    @Test
    void resumeHandsTheProviderItsSessionId() {
        try (var host = HostEnd.ready(plugin())) {
            JsonNode answer = host.call(1, "agent/resume", resume("again", "c-2", "p-1"));
            assertEquals("resumed p-1", answer.get("result").get("output").asString(), answer.toString());
        }
    }

    @Test
    void resumeIsNotSupportedUnlessTheProviderImplementsIt() {
        Plugin plain = ProviderPlugin.of(
                PluginDefinition.of("p", "0.1.0", "provider", ""), (request, stream) -> AgentResult.of(0, ""));
        try (var host = HostEnd.ready(plain)) {
            assertEquals(
                    -32001,
                    host.call(1, "agent/resume", resume("x", "c", "s"))
                            .get("error")
                            .get("code")
                            .asInt());
        }
    }

    @Nested
    class BadParams {

        private String error(String method, String params) {
            try (var host = HostEnd.ready(plugin())) {
                JsonNode error = host.call(1, method, params).get("error");
                assertEquals(-32602, error.get("code").asInt(), error.toString());
                return error.get("message").asString();
            }
        }

        @Test
        void eachMissingOrMistypedFieldIsNamed() {
            assertTrue(error("agent/run", "{\"cwd\":\"/tmp\",\"control_session_id\":\"c\"}")
                    .contains("params.prompt is required"));
            assertTrue(error("agent/run", "{\"prompt\":\"p\",\"cwd\":\"rel\",\"control_session_id\":\"c\"}")
                    .contains("params.cwd must be an absolute path"));
            assertTrue(error("agent/run", "{\"prompt\":\"p\",\"cwd\":\"/tmp\"}")
                    .contains("params.control_session_id is required"));
            assertTrue(error("agent/run", "{\"prompt\":\"p\",\"cwd\":\"/tmp\",\"control_session_id\":\"c\",\"env\":[]}")
                    .contains("params.env must be an object"));
            assertTrue(error(
                            "agent/run",
                            "{\"prompt\":\"p\",\"cwd\":\"/tmp\",\"control_session_id\":\"c\",\"timeout_secs\":0}")
                    .contains("params.timeout_secs"));
            assertTrue(error("agent/resume", run("p", "c")).contains("agent/resume: params.session_id is required"));
            assertTrue(error("agent/cancel", "{}").contains("params.session_id"));
        }

        @Test
        void aSecondRunUnderARunningControlSessionIdIsRefused() throws Exception {
            try (var host = HostEnd.ready(plugin())) {
                host.request(1, "agent/run", run("wait", "dup"));
                assertTrue(started.await(10, TimeUnit.SECONDS));
                JsonNode error = host.call(2, "agent/run", run("x", "dup")).get("error");
                assertEquals(-32602, error.get("code").asInt());
                assertTrue(error.get("message").asString().contains("'dup' is already in progress"), error.toString());
                // clean-up: the first run's cancelled answer and the cancel's own come in either order
                host.request(3, "agent/cancel", "{\"session_id\":\"dup\"}");
                List<Integer> ids = List.of(
                        host.next().get("id").asInt(), host.next().get("id").asInt());
                assertEquals(List.of(1, 3), ids.stream().sorted().toList());
            }
        }
    }

    @Nested
    class Cancellation {

        @Test
        void agentCancelStopsTheRunWhichIsAnsweredCancelled() throws Exception {
            try (var host = HostEnd.ready(plugin())) {
                host.request(1, "agent/run", run("wait", "c-9"));
                assertTrue(started.await(10, TimeUnit.SECONDS));
                assertEquals(
                        1,
                        host.call(2, "health/check", null)
                                .get("result")
                                .get("active_runs")
                                .asInt());
                host.request(3, "agent/cancel", "{\"session_id\":\"c-9\"}");
                JsonNode first = host.next();
                JsonNode second = host.next();
                JsonNode cancelAnswer = first.get("id").asInt() == 3 ? first : second;
                JsonNode runAnswer = first.get("id").asInt() == 1 ? first : second;
                assertEquals("{\"cancelled\":true}", cancelAnswer.get("result").toString());
                assertEquals(0, stopped.getCount(), "the run's onCancel callback ran before the answer");
                assertEquals(-32002, runAnswer.get("error").get("code").asInt(), runAnswer.toString());
                assertEquals("cancelled", runAnswer.get("error").get("message").asString());
                assertEquals(
                        "{\"cancelled\":false}",
                        host.call(4, "agent/cancel", "{\"session_id\":\"c-9\"}")
                                .get("result")
                                .toString());
                assertEquals(
                        0,
                        host.call(5, "health/check", null)
                                .get("result")
                                .get("active_runs")
                                .asInt());
            }
        }

        @Test
        void cancellingAnIdWithNoRunAnswersFalse() {
            try (var host = HostEnd.ready(plugin())) {
                assertEquals(
                        "{\"cancelled\":false}",
                        host.call(1, "agent/cancel", "{\"session_id\":\"none\"}")
                                .get("result")
                                .toString());
            }
        }

        @Test
        void cancelRequestOfTheRunsRequestFiresTheTokenToo() throws Exception {
            try (var host = HostEnd.ready(plugin())) {
                host.request(7, "agent/run", run("wait", "c-7"));
                assertTrue(started.await(10, TimeUnit.SECONDS));
                host.notify("$/cancelRequest", "{\"id\":7}");
                JsonNode answer = host.next();
                assertEquals(-32002, answer.get("error").get("code").asInt(), answer.toString());
                assertTrue(stopped.await(10, TimeUnit.SECONDS), "onCancel ran");
                assertFalse(host.stderr().contains("failed"), host.stderr());
            }
        }
    }
}
