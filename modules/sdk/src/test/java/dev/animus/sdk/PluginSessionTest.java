package dev.animus.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PluginSessionTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch notified = new CountDownLatch(1);

    private Plugin sample() {
        var definition = PluginDefinition.of("sample", "1.2.3", "custom", "a plugin for tests")
                .withKinds("subject_backend")
                .withSubjectKinds("task")
                .withFeatures(Feature.PROGRESS, Feature.CANCELLATION);
        return Plugin.builder(definition)
                .method("echo", RequestContext::params)
                .method("typed-failure", r -> {
                    throw new PluginError(-32100, "quota exhausted", Frames.toTree(Map.of("category", "quota")));
                })
                .method("failure", r -> {
                    throw new IllegalStateException("boom");
                })
                .method("wait", r -> {
                    assertTrue(release.await(10, TimeUnit.SECONDS));
                    return "released";
                })
                .method("sleep", r -> r.awaitCancellation(Duration.ofMinutes(1)) ? "cancelled" : "slept")
                .method("count", r -> {
                    for (int i = 0; i < 3; i++) {
                        r.progress(Map.of("index", i));
                    }
                    return Map.of("count", 3);
                })
                .rawMethod(
                        "raw",
                        (request, out) -> out.writeVerbatim(
                                "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":\"mine\"}\n"))
                .notification("poke", params -> notified.countDown())
                .build();
    }

    @Nested
    class Handshake {

        @Test
        void anEchoedParamsObjectKeepsEveryNumberAsTheHostWroteIt() throws Exception {
            String params = "{\"a\":1e1000000,\"b\":0.1000000000000000000000000001,"
                    + "\"c\":123456789012345678901234567890,\"d\":-0.0,\"e\":1E+2,\"f\":-0,\"g\":2.5}";
            try (var host = HostEnd.ready(sample())) {
                host.call(9, "echo", params);
                String line = host.lines().getLast();
                assertEquals("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":" + params + "}", line);
            }
        }

        @Test
        void initializeIsAnsweredWithProtocolVersionPluginInfoAndCapabilities() {
            try (var host = HostEnd.connect(sample())) {
                JsonNode result = host.call(1, "initialize", "{\"protocol_version\":\"1.1.0\"}")
                        .get("result");
                assertEquals("1.1.0", result.get("protocol_version").asString());
                JsonNode info = result.get("plugin_info");
                assertEquals("sample", info.get("name").asString());
                assertEquals("1.2.3", info.get("version").asString());
                assertEquals("custom", info.get("plugin_kind").asString());
                assertEquals("[\"subject_backend\"]", info.get("plugin_kinds").toString());
                assertEquals("a plugin for tests", info.get("description").asString());
                JsonNode caps = result.get("capabilities");
                assertEquals(
                        "[\"$/ping\",\"health/check\",\"echo\",\"typed-failure\",\"failure\",\"wait\","
                                + "\"sleep\",\"count\",\"raw\"]",
                        caps.get("methods").toString());
                assertFalse(caps.get("streaming").asBoolean());
                assertTrue(caps.get("progress").asBoolean());
                assertTrue(caps.get("cancellation").asBoolean());
                assertEquals("[\"task\"]", caps.get("subject_kinds").toString());
            }
        }

        @Test
        void aHostOfAnotherMajorIsRejectedWithAMessageNamingBothVersions() {
            try (var host = HostEnd.connect(sample())) {
                JsonNode error = host.call(1, "initialize", "{\"protocol_version\":\"2.0.0\"}")
                        .get("error");
                assertEquals(-32602, error.get("code").asInt());
                String message = error.get("message").asString();
                assertTrue(message.contains("2.0.0") && message.contains("1.1.0"), message);
            }
        }

        @Test
        void initializedAfterARejectedHandshakeOpensNothing() {
            try (var host = HostEnd.connect(sample())) {
                host.call(1, "initialize", "{\"protocol_version\":\"2.0.0\"}");
                host.notify("initialized", "{}");
                assertEquals(
                        -32000,
                        host.call(2, "echo", "{}").get("error").get("code").asInt());
            }
        }

        @Test
        void minorAndPatchDriftIsAccepted() {
            try (var host = HostEnd.connect(sample())) {
                JsonNode answer = host.call(1, "initialize", "{\"protocol_version\":\"1.9.7\"}");
                assertEquals(
                        "1.1.0", answer.get("result").get("protocol_version").asString());
            }
        }

        @Test
        void initializeWithoutAProtocolVersionIsInvalidParams() {
            try (var host = HostEnd.connect(sample())) {
                assertEquals(
                        -32602,
                        host.call(1, "initialize", "{}")
                                .get("error")
                                .get("code")
                                .asInt());
            }
        }

        @Test
        void aSecondInitializeIsAnInvalidRequest() {
            try (var host = HostEnd.ready(sample())) {
                JsonNode error = host.call(1, "initialize", "{\"protocol_version\":\"1.1.0\"}")
                        .get("error");
                assertEquals(-32600, error.get("code").asInt());
            }
        }
    }

    @Nested
    class Gating {

        @Test
        void aPluginMethodBeforeInitializedIsAnsweredNotInitialized() {
            try (var host = HostEnd.connect(sample())) {
                assertEquals(
                        -32000,
                        host.call(1, "echo", "{}").get("error").get("code").asInt());
                host.call(2, "initialize", "{\"protocol_version\":\"1.1.0\"}");
                JsonNode error = host.call(3, "echo", "{}").get("error");
                assertEquals(-32000, error.get("code").asInt());
                assertTrue(error.get("message").asString().contains("echo"), error.toString());
            }
        }

        @Test
        void pingHealthCheckAndShutdownAreAnsweredBeforeTheHandshake() {
            try (var host = HostEnd.connect(sample())) {
                assertEquals("{}", host.call(1, "$/ping", null).get("result").toString());
                JsonNode health = host.call(2, "health/check", null).get("result");
                assertEquals("healthy", health.get("status").asString());
                assertTrue(health.get("uptime_ms").asLong() >= 0, health.toString());
                assertEquals("{}", host.call(3, "shutdown", null).get("result").toString());
            }
        }

        @Test
        void anUnknownMethodAfterTheHandshakeIsMethodNotFound() {
            try (var host = HostEnd.ready(sample())) {
                JsonNode error = host.call(1, "no/such", "{}").get("error");
                assertEquals(-32601, error.get("code").asInt());
                assertTrue(error.get("message").asString().contains("no/such"), error.toString());
            }
        }

        @Test
        void aRegisteredNotificationIsDeliveredOnceReady() throws InterruptedException {
            try (var host = HostEnd.ready(sample())) {
                host.notify("poke", "{}");
                assertTrue(notified.await(10, TimeUnit.SECONDS));
            }
        }
    }

    @Nested
    class Dispatch {

        @Test
        void echoAnswersWithItsParamsAndStringIdsComeBackAsStrings() {
            try (var host = HostEnd.ready(sample())) {
                JsonNode answer = host.call("a-1", "echo", "{\"text\":\"hi\\nthere\",\"n\":[1,2]}");
                assertEquals("a-1", answer.get("id").stringValue());
                assertEquals("2.0", answer.get("jsonrpc").asString());
                assertEquals(
                        "{\"text\":\"hi\\nthere\",\"n\":[1,2]}",
                        answer.get("result").toString());
            }
        }

        @Test
        void aPluginErrorIsAnsweredWithItsCodeMessageAndData() {
            try (var host = HostEnd.ready(sample())) {
                JsonNode error = host.call(1, "typed-failure", "{}").get("error");
                assertEquals(-32100, error.get("code").asInt());
                assertEquals("quota exhausted", error.get("message").asString());
                assertEquals("quota", error.get("data").get("category").asString());
            }
        }

        @Test
        void anyOtherExceptionIsAnInternalErrorAndIsLoggedToStderr() {
            try (var host = HostEnd.ready(sample())) {
                JsonNode error = host.call(1, "failure", "{}").get("error");
                assertEquals(-32603, error.get("code").asInt());
                assertTrue(error.get("message").asString().contains("boom"), error.toString());
                assertTrue(host.stderr().contains("IllegalStateException: boom"), host.stderr());
            }
        }

        @Test
        void requestsArePipelinedSoAFastOneOvertakesASlowOne() {
            try (var host = HostEnd.ready(sample())) {
                host.request(1, "wait", "{}");
                assertEquals(2, host.call(2, "echo", "{}").get("id").asInt());
                release.countDown();
                assertEquals("released", host.next().get("result").asString());
            }
        }

        @Test
        void progressNotificationsCarryTheRequestIdAndPrecedeTheAnswer() {
            try (var host = HostEnd.ready(sample())) {
                host.request(7, "count", "{}");
                for (int i = 0; i < 3; i++) {
                    JsonNode progress = host.next();
                    assertEquals("$/progress", progress.get("method").asString());
                    assertEquals(7, progress.get("params").get("id").asInt());
                    assertEquals(
                            i, progress.get("params").get("value").get("index").asInt());
                }
                assertEquals(3, host.next().get("result").get("count").asInt());
            }
        }

        @Test
        void anIdAlreadyInFlightIsAnInvalidRequest() {
            try (var host = HostEnd.ready(sample())) {
                host.request(1, "wait", "{}");
                assertEquals(
                        -32600,
                        host.call(1, "echo", "{}").get("error").get("code").asInt());
                release.countDown();
                assertEquals("released", host.next().get("result").asString());
            }
        }

        @Test
        void aRawHandlerWritesItsOwnAnswerAndTheSdkAddsNone() {
            try (var host = HostEnd.ready(sample())) {
                assertEquals("mine", host.call(5, "raw", "{}").get("result").asString());
                assertEquals(6, host.call(6, "$/ping", null).get("id").asInt());
            }
        }
    }

    @Nested
    class Cancellation {

        @Test
        void aCancelledRequestIsAnsweredRequestCancelled() {
            try (var host = HostEnd.ready(sample())) {
                host.request(4, "sleep", "{}");
                host.notify("$/cancelRequest", "{\"id\":4}");
                JsonNode answer = host.next();
                assertEquals(4, answer.get("id").asInt());
                assertEquals(-32002, answer.get("error").get("code").asInt());
            }
        }

        @Test
        void cancellingAnUnknownIdChangesNothing() {
            try (var host = HostEnd.ready(sample())) {
                host.notify("$/cancelRequest", "{\"id\":99}");
                assertEquals("{}", host.call(1, "$/ping", null).get("result").toString());
                assertEquals("{}", host.call(2, "echo", "{}").get("result").toString());
            }
        }
    }

    @Nested
    class Framing {

        @Test
        void blankLinesAndNonJsonLinesAreSkippedAndLogged() {
            try (var host = HostEnd.ready(sample())) {
                host.send("");
                host.send("   ");
                host.send("this is not json");
                host.send("{\"jsonrpc\":\"2.0\",\"id\":9,");
                assertEquals("{}", host.call(1, "$/ping", null).get("result").toString());
                assertTrue(host.stderr().contains("this is not json"), host.stderr());
            }
        }

        @Test
        void severalFramesOnOneLineAreAllAnswered() {
            try (var host = HostEnd.ready(sample())) {
                host.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"$/ping\"} "
                        + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"$/ping\"}");
                assertEquals(1, host.next().get("id").asInt());
                assertEquals(2, host.next().get("id").asInt());
            }
        }

        @Test
        void aRequestWithoutAMethodIsAnInvalidRequest() {
            try (var host = HostEnd.ready(sample())) {
                host.send("{\"jsonrpc\":\"2.0\",\"id\":3}");
                assertEquals(-32600, host.next().get("error").get("code").asInt());
            }
        }

        @Test
        void everyFrameIsOneCompactLine() {
            try (var host = HostEnd.ready(sample())) {
                host.call(1, "echo", "{\"multi\":\"line\\none\\ntwo\"}");
                host.request(2, "count", null);
                for (int i = 0; i < 4; i++) {
                    host.next();
                }
                // initialize answer, echo answer, three progress notifications, count answer
                assertEquals(6, host.lines().size(), host.lines().toString());
                host.lines().forEach(line -> assertFalse(line.contains(": ") || line.startsWith(" "), line));
            }
        }
    }

    @Nested
    class Ending {

        @Test
        void theExitNotificationEndsTheSessionWithZero() {
            var host = HostEnd.ready(sample());
            assertEquals("{}", host.call(1, "shutdown", null).get("result").toString());
            host.notify("exit", "{}");
            assertEquals(0, host.exitCode());
        }

        @Test
        void endOfInputLetsRunningRequestsAnswerFirst() {
            var host = HostEnd.ready(sample());
            host.request(1, "wait", "{}");
            host.closeInput();
            release.countDown();
            assertEquals("released", host.next().get("result").asString());
            assertEquals(0, host.exitCode());
        }

        @Test
        void endOfInputEndsTheSessionWithZeroEvenWithARequestThatNeverEnds() {
            var host = HostEnd.ready(sample());
            host.request(1, "sleep", "{}");
            host.closeInput();
            assertEquals(0, host.exitCode());
        }
    }

    @Nested
    class Arguments {

        @Test
        void manifestPrintsOneLineWithTheProtocolFieldNamesAndEnds() {
            var host = HostEnd.connect(sample(), "--manifest");
            assertEquals(0, host.exitCode());
            JsonNode manifest = host.next();
            assertEquals("sample", manifest.get("name").asString());
            assertEquals("1.2.3", manifest.get("version").asString());
            assertEquals("custom", manifest.get("plugin_kind").asString());
            assertEquals("1.1.0", manifest.get("protocol_version").asString());
            assertTrue(manifest.get("capabilities").toString().contains("\"subject_kind:task\""), manifest.toString());
            assertEquals(1, host.lines().size());
        }

        @Test
        void anUnknownArgumentIsAUsageErrorOnStderr() {
            var host = HostEnd.connect(sample(), "--bogus");
            assertEquals(2, host.exitCode());
            assertTrue(host.stderr().contains("--bogus"), host.stderr());
        }
    }
}
