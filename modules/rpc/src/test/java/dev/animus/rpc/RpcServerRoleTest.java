package dev.animus.rpc;

import static dev.animus.rpc.FakePeer.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.POJONode;

/** The server role of a connection (docs/protocol.md#the-server-role), over real pipes. */
@Timeout(30)
class RpcServerRoleTest {
    private static final Duration LONG = Duration.ofSeconds(20);
    private static final long PATIENCE_SECONDS = 10;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static JsonNode json(String text) {
        return JSON.readTree(text);
    }

    private static void await(CountDownLatch latch) throws InterruptedException {
        assertTrue(latch.await(PATIENCE_SECONDS, TimeUnit.SECONDS), "waited " + PATIENCE_SECONDS + " s in vain");
    }

    private static <T> T await(CompletableFuture<T> future) throws Exception {
        return future.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
    }

    /** Waits for a condition that only another thread can make true (no event to wait on). */
    private static void awaitTrue(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - deadline < 0, "waited in vain until " + what);
            Thread.yield();
        }
    }

    /** A round trip through an echo handler: the server's reader handled all sent before. */
    private static void sync(ServerPair pair) {
        assertEquals(json("{\"sync\":1}"), pair.client.request("echo", json("{\"sync\":1}"), LONG));
    }

    private static Handlers.Builder withEcho() {
        return Handlers.builder().on("echo", request -> request.respond(request.params()));
    }

    @Test
    void eachMethodIsAnsweredByItsHandler() {
        Handlers handlers = withEcho()
                .on("method", request -> request.respond(NODES.stringNode(request.method())))
                .on(
                        "paramsType",
                        request -> request.respond(
                                NODES.stringNode(request.params().getNodeType().name())))
                .build();
        try (ServerPair pair = ServerPair.start(handlers)) {
            assertEquals(json("{\"text\":\"hi\"}"), pair.client.request("echo", json("{\"text\":\"hi\"}"), LONG));
            assertEquals(json("[1,2]"), pair.client.request("echo", json("[1,2]"), LONG));
            assertEquals(
                    "method", pair.client.request("method", json("{}"), LONG).stringValue());
            assertEquals(
                    "MISSING",
                    pair.client
                            .request("paramsType", NullNode.getInstance(), LONG)
                            .stringValue());
            RpcStats stats = pair.server.stats();
            assertEquals(4, stats.answeredPeerRequests());
            assertEquals(0, stats.rejectedPeerRequests());
            assertEquals(0, stats.cancelledPeerRequests());
        }
    }

    @Test
    void aMethodWithoutHandlerIsAnsweredMethodNotFound() {
        try (ServerPair pair = ServerPair.start(withEcho().build())) {
            RemoteError error = assertThrows(RemoteError.class, () -> pair.client.request("nope", json("{}"), LONG));
            assertEquals(-32601, error.code());
            assertEquals("method not found: nope", error.message());
            sync(pair);
            assertEquals(1, pair.server.stats().rejectedPeerRequests());
            assertEquals(1, pair.server.stats().answeredPeerRequests());
        }
    }

    @Test
    void requestIdsAreEchoedExactlyAsSent() throws Exception {
        try (FakePeer peer = FakePeer.serving(withEcho().build())) {
            for (String id : List.of(
                    "\"p-1\"",
                    "\"\"",
                    "7",
                    "-3",
                    "0",
                    "12345678901234567890123",
                    "1.5",
                    "1E+2",
                    "-0.0",
                    "\"\\u00e9\\n\"")) {
                peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"echo\",\"params\":{}}\n");
                String expected = "{\"jsonrpc\":\"2.0\",\"id\":"
                        + (id.startsWith("\"\\u") ? "\"\u00e9\\n\"" : id)
                        + ",\"result\":{}}";
                assertEquals(expected, peer.nextLine(), "id " + id);
            }
        }
    }

    @Test
    void aRequestWithAnInvalidIdOrParamsIsAnsweredInvalidRequest() throws Exception {
        try (FakePeer peer = FakePeer.serving(withEcho().build())) {
            for (String id : List.of("true", "{}", "[1]", "null")) {
                peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"echo\",\"params\":{}}\n");
                assertEquals(
                        "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"
                                + "\"message\":\"invalid request: the id of echo is neither a number nor a string\"}}",
                        peer.nextLine(),
                        "id " + id);
            }
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"echo\",\"params\":3}\n");
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32600,\"message\":\"invalid request: "
                            + "\\\"params\\\" of echo is neither an object nor an array\"}}",
                    peer.nextLine());
            assertEquals(5, peer.connection.stats().invalidEnvelopes());
            assertEquals(0, peer.connection.stats().answeredPeerRequests());
        }
    }

    @Test
    void anIdAlreadyInFlightIsAnsweredInvalidRequest() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Void> release = new CompletableFuture<>();
        Handlers handlers = Handlers.builder()
                .on("hold", request -> {
                    started.countDown();
                    release.join();
                    request.respond(json("\"held\""));
                })
                .build();
        try (FakePeer peer = FakePeer.serving(handlers)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"hold\"}\n");
            await(started);
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"hold\"}\n");
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32600,"
                            + "\"message\":\"invalid request: id 1 is already in use by a request being handled\"}}",
                    peer.nextLine());
            release.complete(null);
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"held\"}", peer.nextLine());
        }
    }

    @Test
    void concurrentRequestsAnsweredOutOfOrderGetTheirOwnAnswers() throws Exception {
        int count = 8;
        List<CompletableFuture<Void>> release = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            release.add(new CompletableFuture<>());
        }
        CountDownLatch allStarted = new CountDownLatch(count);
        Handlers handlers = Handlers.builder()
                .on("wait", request -> {
                    int n = request.params().get("n").intValue();
                    allStarted.countDown();
                    release.get(n).join();
                    request.respond(json("{\"n\":" + n + "}"));
                })
                .build();
        try (ServerPair pair = ServerPair.start(handlers)) {
            List<PendingCall> calls = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                calls.add(pair.client.call("wait", json("{\"n\":" + i + "}"), LONG));
            }
            await(allStarted);
            for (int i = count - 1; i >= 0; i--) {
                release.get(i).complete(null);
                assertEquals(json("{\"n\":" + i + "}"), calls.get(i).await());
                for (int j = 0; j < i; j++) {
                    assertFalse(calls.get(j).result().isDone(), "call " + j + " answered before its handler did");
                }
            }
        }
    }

    @Test
    void aCancelBeforeTheAnswerIsAnsweredRequestCancelledAndTellsTheHandler() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Boolean> lateAnswer = new CompletableFuture<>();
        Handlers handlers = withEcho()
                .on("slow", request -> {
                    started.countDown();
                    request.whenCancelled().join();
                    lateAnswer.complete(request.cancelled() && !request.respond(json("\"too late\"")));
                })
                .build();
        try (ServerPair pair = ServerPair.start(handlers)) {
            PendingCall call = pair.client.call("slow", json("{}"), LONG);
            await(started);
            call.cancel();
            assertThrows(RequestCancelled.class, call::await);
            await(call.settled());
            assertTrue(await(lateAnswer), "respond after the cancel must return false");
            sync(pair);
            assertEquals(1, pair.server.stats().cancelledPeerRequests());
            assertEquals(1, pair.server.stats().answeredPeerRequests());
            assertEquals(0, pair.client.stats().droppedResponses());
        }
    }

    @Test
    void theCancelIsAnsweredMinus32002AndNotPublished() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        Handlers handlers = Handlers.builder()
                .on("slow", request -> {
                    started.countDown();
                    request.whenCancelled().join();
                    cancelled.countDown();
                })
                .build();
        try (FakePeer peer = FakePeer.serving(handlers);
                Subscription notifications = peer.connection.subscribe()) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":\"c-1\",\"method\":\"slow\"}\n");
            await(started);
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":\"c-1\"}}\n");
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"marker\"}\n");
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":\"c-1\",\"error\":{\"code\":-32002,\"message\":\"request cancelled\"}}",
                    peer.nextLine());
            await(cancelled);
            assertEquals(
                    new SubscriptionEvent.Delivered(new Notification("marker")),
                    notifications.next(Duration.ofSeconds(PATIENCE_SECONDS)));
        }
    }

    @Test
    void aCancelThatMatchesNoRequestIsPublishedAsToday() throws Exception {
        try (FakePeer peer = FakePeer.serving(withEcho().build());
                Subscription notifications = peer.connection.subscribe()) {
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":99}}\n");
            assertEquals(
                    new SubscriptionEvent.Delivered(new Notification("$/cancelRequest", json("{\"id\":99}"))),
                    notifications.next(Duration.ofSeconds(PATIENCE_SECONDS)));
            assertEquals(0, peer.connection.stats().cancelledPeerRequests());
        }
    }

    @Test
    void aCancelAfterTheAckStopsTheStream() throws Exception {
        CountDownLatch ended = new CountDownLatch(1);
        Handlers handlers = withEcho()
                .on("stream", request -> {
                    request.respond(json("{\"subscription\":1}"));
                    for (int i = 0; i < 3; i++) {
                        request.notify("stream/event", json("{\"i\":" + i + "}"));
                    }
                    request.whenCancelled().join();
                    request.notify("stream/closed", json("{\"reason\":\"cancelled\"}"));
                    ended.countDown();
                })
                .build();
        try (ServerPair pair = ServerPair.start(handlers);
                Subscription events = pair.client.subscribe()) {
            PendingCall call = pair.client.call("stream", json("{}"), LONG);
            assertEquals(json("{\"subscription\":1}"), call.await());
            for (int i = 0; i < 3; i++) {
                assertEquals(
                        new SubscriptionEvent.Delivered(new Notification("stream/event", json("{\"i\":" + i + "}"))),
                        events.next(Duration.ofSeconds(PATIENCE_SECONDS)));
            }
            pair.client.notify("$/cancelRequest", json("{\"id\":" + call.id() + "}"));
            assertEquals(
                    new SubscriptionEvent.Delivered(
                            new Notification("stream/closed", json("{\"reason\":\"cancelled\"}"))),
                    events.next(Duration.ofSeconds(PATIENCE_SECONDS)));
            await(ended);
            sync(pair);
            assertInstanceOf(SubscriptionEvent.Idle.class, events.next(Duration.ZERO));
            assertEquals(1, pair.server.stats().cancelledPeerRequests());
            assertEquals(2, pair.server.stats().answeredPeerRequests());
            assertEquals(0, pair.client.stats().droppedResponses(), "a stream's cancel is not answered again");
        }
    }

    @Test
    void streamedNotificationsArriveBeforeTheAnswerInOrder() throws Exception {
        Handlers handlers = Handlers.builder()
                .on("progress", request -> {
                    for (int i = 0; i < 100; i++) {
                        request.notify("$/progress", json("{\"id\":" + request.id() + ",\"value\":" + i + "}"));
                    }
                    request.respond(json("{\"done\":true}"));
                })
                .build();
        try (ServerPair pair = ServerPair.start(handlers);
                Subscription events = pair.client.subscribe()) {
            PendingCall call = pair.client.call("progress", json("{}"), LONG);
            assertEquals(json("{\"done\":true}"), call.await());
            for (int i = 0; i < 100; i++) {
                assertEquals(
                        new SubscriptionEvent.Delivered(
                                new Notification("$/progress", json("{\"id\":" + call.id() + ",\"value\":" + i + "}"))),
                        events.next(Duration.ZERO),
                        "notification " + i + " was not in before the answer");
            }
        }
    }

    @Test
    void atMostMaxInFlightHandlersRunAtOnce() throws Exception {
        ConcurrentLinkedQueue<String> log = new ConcurrentLinkedQueue<>();
        List<CompletableFuture<Void>> release =
                List.of(new CompletableFuture<>(), new CompletableFuture<>(), new CompletableFuture<>());
        CountDownLatch twoStarted = new CountDownLatch(2);
        CountDownLatch thirdStarted = new CountDownLatch(3);
        Handlers handlers = Handlers.builder()
                .maxInFlight(2)
                .on("block", request -> {
                    int n = request.params().get("n").intValue();
                    log.add("start " + n);
                    twoStarted.countDown();
                    thirdStarted.countDown();
                    release.get(n).join();
                    request.respond(json(String.valueOf(n)));
                    log.add("end " + n);
                })
                .build();
        try (ServerPair pair = ServerPair.start(handlers)) {
            List<PendingCall> calls = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                calls.add(pair.client.call("block", json("{\"n\":" + n + "}"), LONG));
            }
            PendingCall behind = pair.client.call("unknown", json("{}"), LONG);
            await(twoStarted);
            // The server's reader took the third request (frames are counted before dispatch):
            // from here it waits for a place, or (broken) starts the third handler at once.
            awaitTrue(() -> pair.server.stats().framesIn() >= 3, "the server read the third request");
            assertEquals(Set.of("start 0", "start 1"), Set.copyOf(log));
            assertEquals(2, log.size());
            assertFalse(behind.result().isDone(), "the reader went past a request it had no place for");
            release.get(0).complete(null);
            assertEquals(0, calls.get(0).await().intValue());
            await(thirdStarted);
            assertEquals(
                    List.of("end 0", "start 2"),
                    List.copyOf(log).subList(2, 4),
                    "the third started before a place was free");
            assertInstanceOf(RemoteError.class, assertThrows(RemoteError.class, behind::await));
            release.get(1).complete(null);
            release.get(2).complete(null);
            assertEquals(1, calls.get(1).await().intValue());
            assertEquals(2, calls.get(2).await().intValue());
        }
    }

    @Test
    void aHandlerThatThrowsIsAnsweredInternalErrorWithoutItsText() throws Exception {
        Handlers handlers = Handlers.builder()
                .on("boom", request -> {
                    throw new IllegalStateException("secret /etc/shadow");
                })
                .build();
        try (FakePeer peer = FakePeer.serving(handlers)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"boom\"}\n");
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"internal error\"}}",
                    peer.nextLine());
            assertEquals(1, peer.connection.stats().answeredPeerRequests());
            assertTrue(peer.connection.isOpen());
        }
    }

    @Test
    void anAnswerThatCannotBeSentIsReplacedByInternalError() throws Exception {
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        Handlers handlers = Handlers.builder()
                .on("pojo", request -> {
                    try {
                        request.respond(new POJONode(new Unsendable()));
                        thrown.complete(null);
                    } catch (IllegalArgumentException expected) {
                        thrown.complete(expected);
                    }
                })
                .on("missing", request -> request.respond(MissingNode.getInstance()))
                .build();
        try (FakePeer peer = FakePeer.serving(handlers)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"pojo\"}\n");
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32603,\"message\":\"internal error\"}}",
                    peer.nextLine());
            assertInstanceOf(IllegalArgumentException.class, await(thrown));
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"missing\"}\n");
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":null}", peer.nextLine());
            assertTrue(peer.connection.isOpen());
        }
    }

    @Test
    void aHandlerThatGivesNoAnswerIsAnsweredInternalError() throws Exception {
        Handlers handlers = Handlers.builder().on("silent", request -> {}).build();
        try (FakePeer peer = FakePeer.serving(handlers)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"silent\"}\n");
            assertEquals(
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32603,\"message\":\"the handler gave no answer\"}}",
                    peer.nextLine());
        }
    }

    @Test
    void onlyTheFirstAnswerCounts() throws Exception {
        CompletableFuture<List<Boolean>> outcomes = new CompletableFuture<>();
        Handlers handlers = withEcho()
                .on(
                        "twice",
                        request -> outcomes.complete(List.of(
                                request.respond(json("1")),
                                request.respond(json("2")),
                                request.fail(-32603, "third", MissingNode.getInstance()))))
                .build();
        try (ServerPair pair = ServerPair.start(handlers)) {
            assertEquals(1, pair.client.request("twice", json("{}"), LONG).intValue());
            assertEquals(List.of(true, false, false), await(outcomes));
            sync(pair);
            assertEquals(0, pair.client.stats().droppedResponses());
            assertEquals(2, pair.server.stats().answeredPeerRequests());
        }
    }

    @Test
    void aHandlersErrorAnswerCarriesItsCodeMessageAndData() {
        Handlers handlers = Handlers.builder()
                .on("refuse", request -> request.fail(-32602, "bad name", json("{\"category\":\"invalid_request\"}")))
                .build();
        try (ServerPair pair = ServerPair.start(handlers)) {
            RemoteError error = assertThrows(RemoteError.class, () -> pair.client.request("refuse", json("{}"), LONG));
            assertEquals(-32602, error.code());
            assertEquals("bad name", error.message());
            assertEquals(json("{\"category\":\"invalid_request\"}"), error.data());
        }
    }

    @Test
    void theConnectionsDeathCancelsEveryHandledRequest() throws Exception {
        int count = 3;
        CountDownLatch started = new CountDownLatch(count);
        ConcurrentLinkedQueue<Boolean> answeredAfterDeath = new ConcurrentLinkedQueue<>();
        CountDownLatch ended = new CountDownLatch(count);
        Handlers handlers = Handlers.builder()
                .on("hang", request -> {
                    started.countDown();
                    request.whenCancelled().join();
                    answeredAfterDeath.add(request.respond(json("1")));
                    ended.countDown();
                })
                .build();
        try (ServerPair pair = ServerPair.start(handlers)) {
            List<PendingCall> calls = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                calls.add(pair.client.call("hang", json("{}"), LONG));
            }
            await(started);
            pair.server.close();
            await(ended);
            assertEquals(List.of(false, false, false), List.copyOf(answeredAfterDeath));
            for (PendingCall call : calls) {
                assertThrows(ConnectionLost.class, call::await);
            }
            assertEquals(0, pair.server.stats().cancelledPeerRequests());
        }
    }

    @Test
    void thePeersEndOfStreamCancelsEveryHandledRequest() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        Handlers handlers = Handlers.builder()
                .on("hang", request -> {
                    started.countDown();
                    request.whenCancelled().join();
                    cancelled.countDown();
                })
                .build();
        try (FakePeer peer = FakePeer.serving(handlers)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"hang\"}\n");
            await(started);
            peer.closeOutput();
            await(cancelled);
            assertFalse(peer.connection.isOpen());
        }
    }

    @Test
    void theDeathOfAConnectionWhoseReaderWaitsForAPlaceIsNotHeldUp() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Void> never = new CompletableFuture<>();
        CountDownLatch cancelled = new CountDownLatch(1);
        Handlers handlers = Handlers.builder()
                .maxInFlight(1)
                .on("hang", request -> {
                    started.countDown();
                    request.whenCancelled().thenRun(cancelled::countDown);
                    never.join();
                })
                .build();
        try (ServerPair pair = ServerPair.start(handlers)) {
            PendingCall first = pair.client.call("hang", json("{}"), LONG);
            PendingCall second = pair.client.call("hang", json("{}"), LONG);
            await(started);
            pair.server.close();
            assertInstanceOf(ConnectionLost.class, await(pair.server.whenClosed()));
            await(cancelled);
            assertThrows(ConnectionLost.class, first::await);
            assertThrows(ConnectionLost.class, second::await);
        } finally {
            never.complete(null);
        }
    }
}
