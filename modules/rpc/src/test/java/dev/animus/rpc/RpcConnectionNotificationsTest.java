package dev.animus.rpc;

import static dev.animus.rpc.FakePeer.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.MissingNode;

@Timeout(30)
class RpcConnectionNotificationsTest {
    private static final Duration LONG = Duration.ofSeconds(10);

    private static String progress(int i) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"$/progress\",\"params\":{\"id\":1,\"value\":" + i + "}}\n";
    }

    private static int valueOf(SubscriptionEvent event) {
        return assertInstanceOf(SubscriptionEvent.Delivered.class, event)
                .notification()
                .params()
                .get("value")
                .intValue();
    }

    @Test
    void everySubscriberGetsEveryNotificationInOrder() throws Exception {
        try (FakePeer peer = FakePeer.start();
                Subscription a = peer.connection.subscribe();
                Subscription b = peer.connection.subscribe()) {
            peer.send(progress(1) + progress(2));
            for (Subscription s : new Subscription[] {a, b}) {
                assertEquals(1, valueOf(s.next(LONG)));
                assertEquals(2, valueOf(s.next(LONG)));
            }
        }
    }

    @Test
    void numbersInNotificationsAndResultsReachTheSubscriberAndTheCallerAsThePeerWroteThem() throws Exception {
        String numbers = "{\"a\":1e1000000,\"b\":0.1000000000000000000000000001,\"c\":123456789012345678901234567890,"
                + "\"d\":-0.0,\"e\":1E+2,\"f\":-0}";
        try (FakePeer peer = FakePeer.start();
                Subscription s = peer.connection.subscribe()) {
            PendingCall call = peer.connection.call("exact", JSON.createObjectNode(), LONG);
            long id = peer.nextRequest("exact").get("id").longValue();
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"x/numbers\",\"params\":" + numbers + "}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + numbers + "}\n");
            assertEquals(
                    numbers,
                    assertInstanceOf(SubscriptionEvent.Delivered.class, s.next(LONG))
                            .notification()
                            .params()
                            .toString());
            assertEquals(numbers, call.await().toString());
        }
    }

    @Test
    void aNotificationWithoutParamsHasMissingParams() throws Exception {
        try (FakePeer peer = FakePeer.start();
                Subscription s = peer.connection.subscribe()) {
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}\n");
            assertEquals(
                    new Notification("ping", MissingNode.getInstance()),
                    assertInstanceOf(SubscriptionEvent.Delivered.class, s.next(LONG))
                            .notification());
        }
    }

    @Test
    void aSlowSubscriberLagsWithoutBlockingTheReaderOrOtherSubscribers() throws Exception {
        try (FakePeer peer = FakePeer.start();
                Subscription slow = peer.connection.subscribe(4);
                Subscription fast = peer.connection.subscribe(2000)) {
            PendingCall call = peer.connection.call("after", JSON.createObjectNode(), LONG);
            StringBuilder burst = new StringBuilder();
            for (int i = 0; i < 1000; i++) {
                burst.append(progress(i));
            }
            peer.send(burst.toString());
            peer.respond(peer.nextRequest("after"), JSON.readTree("\"done\""));
            assertEquals("done", call.await().stringValue());

            assertEquals(new SubscriptionEvent.Lagged(996), slow.next(LONG));
            for (int i = 996; i < 1000; i++) {
                assertEquals(i, valueOf(slow.next(LONG)));
            }
            for (int i = 0; i < 1000; i++) {
                assertEquals(i, valueOf(fast.next(LONG)));
            }
            assertEquals(996, peer.connection.stats().laggedNotifications());
        }
    }

    @Test
    void nextReturnsIdleWhenNothingArrivesInTime() throws Exception {
        try (FakePeer peer = FakePeer.start();
                Subscription s = peer.connection.subscribe()) {
            assertEquals(new SubscriptionEvent.Idle(), s.next(Duration.ofMillis(20)));
        }
    }

    @Test
    void subscriptionsEndWithTheCauseAfterTheirBufferedNotifications() throws Exception {
        ConnectionLost exited = new ConnectionLost("exited");
        try (FakePeer peer = FakePeer.start(RpcOptions.defaults("p").withEndOfStream(() -> exited));
                Subscription s = peer.connection.subscribe()) {
            peer.send(progress(7));
            peer.closeOutput();
            assertEquals(7, valueOf(s.next(LONG)));
            assertEquals(new SubscriptionEvent.Ended(exited), s.next(LONG));
            assertEquals(new SubscriptionEvent.Ended(exited), s.next(LONG));
            Subscription late = peer.connection.subscribe();
            assertEquals(new SubscriptionEvent.Ended(exited), late.next(LONG));
        }
    }

    @Test
    void aClosedSubscriptionEndsAtOnce() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            Subscription s = peer.connection.subscribe();
            s.close();
            assertInstanceOf(SubscriptionEvent.Ended.class, s.next(LONG));
        }
    }

    @Test
    void aWaitingSubscriptionLosesNothingTheReaderWaitsForRoomAndTheAnswerComesAfter() throws Exception {
        try (FakePeer peer = FakePeer.start();
                Subscription own = peer.connection.subscribeWaiting(4)) {
            PendingCall call = peer.connection.call("after", JSON.createObjectNode(), LONG);
            long id = peer.nextRequest("after").get("id").longValue();
            StringBuilder burst = new StringBuilder();
            for (int i = 0; i < 1000; i++) {
                burst.append(progress(i));
            }
            burst.append("{\"jsonrpc\":\"2.0\",\"id\":").append(id).append(",\"result\":\"done\"}\n");
            peer.send(burst.toString());
            for (int i = 0; i < 1000; i++) {
                // taken i, the reader can have published at most i + 4 (+ the one it offers): the
                // answer, written after the 1000th, cannot be in before the subscriber took 995
                if (i <= 994) {
                    assertEquals(
                            false, call.result().isDone(), "the reader read past a full waiting subscription at " + i);
                }
                assertEquals(i, valueOf(own.next(LONG)));
            }
            assertEquals("done", call.await().stringValue());
            assertEquals(0, peer.connection.stats().laggedNotifications());
        }
    }

    @Test
    void aFinishedSubscriptionDeliversWhatItHoldsThenEndsWithoutWaitingForItsTimeout() throws Exception {
        try (FakePeer peer = FakePeer.start();
                Subscription s = peer.connection.subscribeWaiting(8)) {
            PendingCall call = peer.connection.call("after", JSON.createObjectNode(), LONG);
            peer.send(progress(1) + progress(2));
            peer.respond(peer.nextRequest("after"), JSON.readTree("\"done\""));
            call.await();
            s.finish();
            assertEquals(1, valueOf(s.next(LONG)));
            assertEquals(2, valueOf(s.next(LONG)));
            long start = System.nanoTime();
            assertInstanceOf(SubscriptionEvent.Ended.class, s.next(LONG));
            assertEquals(true, System.nanoTime() - start < LONG.toNanos() / 2, "next waited for its timeout");
        }
    }

    @Test
    void closingAWaitingSubscriptionReleasesAReaderWaitingForRoom() throws Exception {
        try (FakePeer peer = FakePeer.start()) {
            Subscription own = peer.connection.subscribeWaiting(2);
            PendingCall call = peer.connection.call("after", JSON.createObjectNode(), LONG);
            long id = peer.nextRequest("after").get("id").longValue();
            peer.send(progress(1) + progress(2) + progress(3) + "{\"jsonrpc\":\"2.0\",\"id\":" + id
                    + ",\"result\":\"done\"}\n");
            own.close(); // the subscriber gives up: the reader must go on
            assertEquals("done", call.await().stringValue());
        }
    }
}
