package dev.animus.rpc;

import static dev.animus.rpc.FakePeer.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.NullNode;

@Timeout(30)
class RpcConnectionRequestsTest {
    private static final Duration LONG = Duration.ofSeconds(20);

    @Test
    void requestsCarryIntegerIdsFromOneIncreasing() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall first = peer.connection.call("a", JSON.createObjectNode(), LONG);
            PendingCall second = peer.connection.call("b", JSON.createArrayNode(), LONG);
            assertEquals(
                    JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\",\"params\":{}}"), peer.nextFrame());
            assertEquals(
                    JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"b\",\"params\":[]}"), peer.nextFrame());
            assertEquals(1, first.id());
            assertEquals(2, second.id());
            assertEquals("b", second.method());
        }
    }

    @Test
    void nullOrMissingParamsAreOmitted() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            peer.connection.call("a", NullNode.getInstance(), LONG);
            peer.connection.notify("b", MissingNode.getInstance());
            assertFalse(peer.nextFrame().has("params"));
            assertEquals(JSON.readTree("{\"jsonrpc\":\"2.0\",\"method\":\"b\"}"), peer.nextFrame());
        }
    }

    @Test
    void scalarParamsAreRefused() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            assertThrows(IllegalArgumentException.class, () -> peer.connection.call("a", JSON.readTree("3"), LONG));
        }
    }

    @Test
    void aResultCompletesTheCallWithThatId() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall one = peer.connection.call("one", JSON.createObjectNode(), LONG);
            PendingCall two = peer.connection.call("two", JSON.createObjectNode(), LONG);
            JsonNode first = peer.nextRequest("one");
            peer.respond(peer.nextRequest("two"), JSON.readTree("{\"n\":2}"));
            peer.respond(first, JSON.readTree("[1]"));
            assertEquals(JSON.readTree("{\"n\":2}"), two.await());
            assertEquals(JSON.readTree("[1]"), one.await());
        }
    }

    @Test
    void aPrettyPrintedAnswerAfterBannerLinesIsAccepted() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            peer.send("Starting plugin...\nloading config from ~/.plugin\n");
            PendingCall call = peer.connection.call("hello", JSON.createObjectNode(), LONG);
            peer.nextRequest("hello");
            peer.send("{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"result\": {\n    \"greeting\": \"hi\"\n  }\n}\n");
            assertEquals(JSON.readTree("{\"greeting\":\"hi\"}"), call.await());
            assertEquals(2, peer.connection.stats().malformed());
        }
    }

    @Test
    void aOneMebibyteResultArrivesWhole() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall call = peer.connection.call("big", JSON.createObjectNode(), LONG);
            String blob = "é1234567".repeat(1 << 17);
            peer.respond(peer.nextRequest("big"), JSON.createObjectNode().put("blob", blob));
            assertEquals(blob, call.await().get("blob").stringValue());
        }
    }

    @Test
    void aTwentyMebibyteFrameIsRejectedAndTheConnectionKeepsWorking() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall call = peer.connection.call("huge", JSON.createObjectNode(), LONG);
            JsonNode request = peer.nextRequest("huge");
            byte[] huge = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"" + "x".repeat(20 << 20) + "\"}\n")
                    .getBytes(StandardCharsets.UTF_8);
            peer.sendBytes(huge);
            peer.respond(request, JSON.readTree("\"small\""));
            assertEquals("small", call.await().stringValue());
            assertEquals(1, peer.connection.stats().oversized());

            PendingCall after = peer.connection.call("after", JSON.createObjectNode(), LONG);
            peer.respond(peer.nextRequest("after"), JSON.readTree("true"));
            assertTrue(after.await().booleanValue());
        }
    }

    @Test
    void anErrorAnswerFailsTheCallWithRemoteError() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall call = peer.connection.call("subject/get", JSON.createObjectNode(), LONG);
            peer.nextRequest("subject/get");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32100,\"message\":\"no such subject\","
                    + "\"data\":{\"category\":\"not_found\"}}}\n");
            RemoteError error = assertThrows(RemoteError.class, call::await);
            assertEquals(-32100, error.code());
            assertEquals("no such subject", error.message());
            assertEquals("not_found", error.data().get("category").stringValue());
            assertEquals("subject/get", error.method());
            ExecutionException viaFuture =
                    assertThrows(ExecutionException.class, () -> call.result().get(1, TimeUnit.SECONDS));
            assertInstanceOf(RemoteError.class, viaFuture.getCause());
        }
    }

    @Test
    void anErrorWithoutDataHasMissingData() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall call = peer.connection.call("m", JSON.createObjectNode(), LONG);
            peer.nextRequest("m");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32001,\"message\":\"optional\"}}\n");
            assertTrue(assertThrows(RemoteError.class, call::await).data().isMissingNode());
        }
    }

    @Test
    void callbacksOnTheResultMayIssueFurtherCallsFromTheReaderThread() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall first = peer.connection.call("first", JSON.createObjectNode(), LONG);
            var second = first.result().thenApply(r -> peer.connection.call("second", JSON.createObjectNode(), LONG));
            peer.respond(peer.nextRequest("first"), JSON.readTree("1"));
            peer.respond(peer.nextRequest("second"), JSON.readTree("2"));
            assertEquals(2, second.get(10, TimeUnit.SECONDS).await().intValue());
        }
    }
}
