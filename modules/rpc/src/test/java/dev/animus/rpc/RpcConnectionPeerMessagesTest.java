package dev.animus.rpc;

import static dev.animus.rpc.FakePeer.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

@Timeout(30)
class RpcConnectionPeerMessagesTest {
    private static final Duration LONG = Duration.ofSeconds(20);

    /** A round trip: once it completes, the reader has handled everything the peer sent before. */
    private static void sync(FakePeer peer) {
        PendingCall probe = peer.connection.call("probe", JSON.createObjectNode(), LONG);
        peer.respond(peer.nextRequest("probe"), JSON.readTree("{}"));
        probe.await();
    }

    @Test
    void aRequestFromThePeerIsAnsweredWithMethodNotFound() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":\"p-1\",\"method\":\"host/openFile\",\"params\":{}}\n");
            assertEquals(
                    JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":\"p-1\",\"error\":{\"code\":-32601,"
                            + "\"message\":\"method not found: host/openFile\"}}"),
                    peer.nextFrame());
            assertEquals(1, peer.connection.stats().rejectedPeerRequests());
        }
    }

    @Test
    void lateDuplicateAndUnknownResponsesAreDroppedAndCounted() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall call = peer.connection.call("a", JSON.createObjectNode(), LONG);
            JsonNode request = peer.nextRequest("a");
            peer.respond(request, JSON.readTree("1"));
            peer.respond(request, JSON.readTree("2"));
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":999,\"result\":3}\n");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":\"text\",\"result\":4}\n");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"parse error\"}}\n");
            assertEquals(1, call.await().intValue());
            sync(peer);
            assertEquals(4, peer.connection.stats().droppedResponses());
        }
    }

    @Test
    void invalidEnvelopesAreDroppedAndCounted() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall call = peer.connection.call("a", JSON.createObjectNode(), LONG);
            peer.nextRequest("a");
            for (String invalid : List.of(
                    "{\"id\":1,\"result\":1}",
                    "{\"jsonrpc\":\"1.0\",\"id\":1,\"result\":1}",
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":1,\"error\":{\"code\":1,\"message\":\"m\"}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":1}",
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":\"x\",\"message\":\"m\"}}",
                    "{\"jsonrpc\":\"2.0\",\"method\":7}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":3}",
                    "{\"jsonrpc\":\"2.0\"}",
                    "[]",
                    "[1]")) {
                peer.send(invalid + "\n");
            }
            sync(peer);
            assertEquals(10, peer.connection.stats().invalidEnvelopes());
            assertEquals(false, call.result().isDone());
        }
    }

    @Test
    void aBatchOfResponsesCompletesEachCall() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            PendingCall one = peer.connection.call("one", JSON.createObjectNode(), LONG);
            PendingCall two = peer.connection.call("two", JSON.createObjectNode(), LONG);
            peer.send(
                    "[{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":\"b\"},{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"a\"}]\n");
            assertEquals("a", one.await().stringValue());
            assertEquals("b", two.await().stringValue());
        }
    }

    @Test
    void statsCountFramesBothWays() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            peer.send("not json\n");
            sync(peer);
            RpcStats stats = peer.connection.stats();
            assertEquals(1, stats.framesIn());
            assertEquals(1, stats.framesOut());
            assertEquals(1, stats.malformed());
        }
    }

    @Test
    void theReaderDiesCleanlyWhenItsStreamIsClosedUnderIt() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            peer.connection.close();
            assertInstanceOf(ConnectionLost.class, peer.connection.whenClosed().get(5, TimeUnit.SECONDS));
        }
    }
}
