package dev.animus.rpc;

import static dev.animus.rpc.FakePeer.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

@Timeout(30)
class RpcConnectionFailuresTest {
    private static final Duration HOUR = Duration.ofHours(1);

    private static RpcException failureOf(PendingCall call) throws Exception {
        ExecutionException e =
                assertThrows(ExecutionException.class, () -> call.result().get(10, TimeUnit.SECONDS));
        return assertInstanceOf(RpcException.class, e.getCause());
    }

    @Nested
    class Death {
        @Test
        void endOfStreamFailsEveryPendingCallAtOnceWithTheSuppliedCause() throws Exception {
            ConnectionLost exited =
                    new ConnectionLost("plugin x exited", OptionalInt.of(3), List.of("a", "panic: boom"));
            try (FakePeer peer = FakePeer.start(RpcOptions.defaults("x").withEndOfStream(() -> exited))) {
                List<PendingCall> calls = IntStream.range(0, 3)
                        .mapToObj(i -> peer.connection.call("slow", JSON.createObjectNode(), HOUR))
                        .toList();
                peer.closeOutput();
                for (PendingCall call : calls) {
                    assertSame(exited, failureOf(call));
                }
                assertSame(exited, peer.connection.whenClosed().get(5, TimeUnit.SECONDS));
                assertFalse(peer.connection.isOpen());
                assertEquals("plugin x exited (exit code 3); last stderr: panic: boom", exited.getMessage());
            }
        }

        @Test
        void closeFailsPendingCallsWithConnectionClosedAndIsIdempotent() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                PendingCall call = peer.connection.call("slow", JSON.createObjectNode(), HOUR);
                peer.connection.close();
                peer.connection.close();
                ConnectionLost lost = assertInstanceOf(ConnectionLost.class, failureOf(call));
                assertEquals("connection closed", lost.reason());
                assertSame(lost, peer.connection.whenClosed().get(5, TimeUnit.SECONDS));
            }
        }

        @Test
        void theFirstFailureWins() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                ConnectionLost first = new ConnectionLost("first");
                peer.connection.fail(first);
                peer.connection.fail(new ConnectionLost("second"));
                peer.connection.close();
                assertSame(first, peer.connection.whenClosed().get(5, TimeUnit.SECONDS));
            }
        }

        @Test
        void callsAfterDeathFailAtOnceAndNotificationsThrow() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                ConnectionLost cause = new ConnectionLost("gone");
                peer.connection.fail(cause);
                PendingCall late = peer.connection.call("late", JSON.createObjectNode(), HOUR);
                assertTrue(late.result().isCompletedExceptionally());
                assertSame(cause, assertThrows(ConnectionLost.class, late::await));
                assertSame(
                        cause,
                        assertThrows(ConnectionLost.class, () -> peer.connection.notify("n", JSON.createObjectNode())));
            }
        }

        @Test
        void aPeerThatNeverReadsKillsTheConnectionAfterTheWriteTimeout() throws Exception {
            RpcOptions options = RpcOptions.defaults("sleepy").withWriteTimeout(Duration.ofMillis(200));
            try (FakePeer peer = FakePeer.neverReading(options)) {
                JsonNode big = JSON.createObjectNode().put("blob", "z".repeat(1 << 20));
                PendingCall call = peer.connection.call("upload", big, HOUR);
                ConnectionLost lost = peer.connection.whenClosed().get(10, TimeUnit.SECONDS);
                assertTrue(lost.reason().contains("sleepy stopped reading"), lost.reason());
                assertSame(lost, failureOf(call));
                assertFalse(peer.connection.isOpen());
            }
        }
    }

    @Nested
    class Deadlines {
        @Test
        void aCallWithoutAnswerTimesOut() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                PendingCall call = peer.connection.call("slow", JSON.createObjectNode(), Duration.ofMillis(100));
                RequestTimedOut timedOut = assertInstanceOf(RequestTimedOut.class, failureOf(call));
                assertEquals("slow", timedOut.method());
                assertEquals(Duration.ofMillis(100), timedOut.timeout());
                assertTrue(peer.connection.isOpen());
            }
        }

        @Test
        void earlierDeadlinesExpireFirstWhateverTheOrderOfCalls() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                PendingCall late = peer.connection.call("late", JSON.createObjectNode(), Duration.ofSeconds(20));
                PendingCall early = peer.connection.call("early", JSON.createObjectNode(), Duration.ofMillis(50));
                assertInstanceOf(RequestTimedOut.class, failureOf(early));
                assertFalse(late.result().isDone());
            }
        }

        @Test
        void theDeadlineOfACallAlsoBoundsTheWriteOfItsRequest() throws Exception {
            RpcOptions options = RpcOptions.defaults("sleepy").withWriteTimeout(Duration.ofHours(1));
            try (FakePeer peer = FakePeer.neverReading(options)) {
                peer.connection.peerSupportsCancellation(true);
                JsonNode big = JSON.createObjectNode().put("blob", "z".repeat(4 << 20));
                // call() returns (the write timeout is an hour; the class's timeout bounds the wait)
                PendingCall call = peer.connection.call("upload", big, Duration.ofMillis(300));

                RequestTimedOut timedOut = assertInstanceOf(RequestTimedOut.class, failureOf(call));
                assertFalse(timedOut.requestWritten());
                assertEquals(
                        "upload timed out after 300 ms while its request was being written (the peer stopped reading)",
                        timedOut.getMessage());
                ConnectionLost lost = peer.connection.whenClosed().get(10, TimeUnit.SECONDS);
                assertEquals(
                        "sleepy stopped reading: a request could not be written within its deadline of 300 ms",
                        lost.reason());
                assertInstanceOf(
                        RequestTimedOut.class,
                        assertThrows(
                                        ExecutionException.class,
                                        () -> call.settled().get(10, TimeUnit.SECONDS))
                                .getCause());
            }
        }

        @Test
        void aTimeoutSendsCancelRequestWhenThePeerSupportsCancellation() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                peer.connection.peerSupportsCancellation(true);
                PendingCall call = peer.connection.call("slow", JSON.createObjectNode(), Duration.ofMillis(50));
                peer.nextRequest("slow");
                assertEquals(
                        JSON.readTree("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":1}}"),
                        peer.nextFrame());
                assertInstanceOf(RequestTimedOut.class, failureOf(call));
            }
        }

        @Test
        void aTimeoutSendsNothingWhenThePeerDoesNotSupportCancellation() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                PendingCall call = peer.connection.call("slow", JSON.createObjectNode(), Duration.ofMillis(50));
                peer.nextRequest("slow");
                assertInstanceOf(RequestTimedOut.class, failureOf(call));
                peer.connection.notify("marker", JSON.createObjectNode());
                assertEquals("marker", peer.nextFrame().get("method").stringValue());
            }
        }
    }

    @Nested
    class Cancellation {
        @Test
        void cancelSendsCancelRequestOnlyWhenSupported() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                PendingCall quiet = peer.connection.call("a", JSON.createObjectNode(), HOUR);
                quiet.cancel();
                peer.connection.peerSupportsCancellation(true);
                PendingCall told = peer.connection.call("b", JSON.createObjectNode(), HOUR);
                told.cancel();
                peer.nextRequest("a");
                peer.nextRequest("b");
                assertEquals(
                        JSON.readTree("{\"id\":2}"),
                        peer.nextRequest("$/cancelRequest").get("params"));
                assertEquals(
                        "a",
                        assertInstanceOf(RequestCancelled.class, failureOf(quiet))
                                .method());
                assertInstanceOf(RequestCancelled.class, failureOf(told));
            }
        }

        @Test
        void cancellingTheResultFutureCancelsTheCall() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                peer.connection.peerSupportsCancellation(true);
                PendingCall call = peer.connection.call("a", JSON.createObjectNode(), HOUR);
                assertTrue(call.result().cancel(true));
                peer.nextRequest("a");
                peer.nextRequest("$/cancelRequest");
                assertInstanceOf(RequestCancelled.class, failureOf(call));
            }
        }

        @Test
        void anInterruptedAwaitCancelsTheCallAndKeepsTheInterruptFlag() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                peer.connection.peerSupportsCancellation(true);
                PendingCall call = peer.connection.call("a", JSON.createObjectNode(), HOUR);
                CompletableFuture<Boolean> flagAfter = new CompletableFuture<>();
                Thread waiter = Thread.ofPlatform().start(() -> {
                    try {
                        call.await();
                    } catch (RequestCancelled expected) {
                        flagAfter.complete(Thread.currentThread().isInterrupted());
                    }
                });
                peer.nextRequest("a");
                waiter.interrupt();
                assertTrue(flagAfter.get(10, TimeUnit.SECONDS));
                peer.nextRequest("$/cancelRequest");
                PendingCall next = peer.connection.call("still works", JSON.createObjectNode(), HOUR);
                peer.respond(peer.nextRequest("still works"), JSON.readTree("1"));
                assertEquals(1, next.await().intValue());
            }
        }

        @Test
        void theAnswerToACancelledCallSettlesItAndIsNotCountedAsDropped() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                PendingCall call = peer.connection.call("a", JSON.createObjectNode(), HOUR);
                JsonNode request = peer.nextRequest("a");
                call.cancel();
                assertInstanceOf(RequestCancelled.class, failureOf(call));
                assertFalse(call.settled().isDone(), "settled before the peer answered");
                peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"error\":{\"code\":-32002,"
                        + "\"message\":\"request cancelled\"}}\n");
                call.settled().get(10, TimeUnit.SECONDS);
                assertInstanceOf(RequestCancelled.class, failureOf(call), "the late answer changed the outcome");
                peer.respond(request, JSON.readTree("1")); // a second answer: nobody waits for it any more
                PendingCall probe = peer.connection.call("probe", JSON.createObjectNode(), HOUR);
                peer.respond(peer.nextRequest("probe"), JSON.readTree("2"));
                probe.await();
                assertEquals(1, peer.connection.stats().droppedResponses());
            }
        }

        @Test
        void aCancelledCallThatIsNeverAnsweredFailsToSettleAtItsDeadline() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                PendingCall call = peer.connection.call("a", JSON.createObjectNode(), Duration.ofMillis(300));
                peer.nextRequest("a");
                call.cancel();
                assertInstanceOf(RequestCancelled.class, failureOf(call));
                ExecutionException e = assertThrows(
                        ExecutionException.class, () -> call.settled().get(10, TimeUnit.SECONDS));
                assertInstanceOf(RequestTimedOut.class, e.getCause());
                assertInstanceOf(RequestCancelled.class, failureOf(call), "the deadline changed the outcome");
            }
        }

        @Test
        void anAnsweredCallSettlesWithItsAnswerAndADeadCallWithTheCause() throws Exception {
            try (FakePeer peer = FakePeer.start()) {
                PendingCall answered = peer.connection.call("a", JSON.createObjectNode(), HOUR);
                peer.respond(peer.nextRequest("a"), JSON.readTree("1"));
                answered.settled().get(10, TimeUnit.SECONDS);
                PendingCall pending = peer.connection.call("b", JSON.createObjectNode(), HOUR);
                pending.cancel();
                peer.connection.close();
                ExecutionException e = assertThrows(
                        ExecutionException.class, () -> pending.settled().get(10, TimeUnit.SECONDS));
                assertInstanceOf(ConnectionLost.class, e.getCause());
            }
        }
    }
}
