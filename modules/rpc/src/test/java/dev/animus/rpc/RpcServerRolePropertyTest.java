package dev.animus.rpc;

import static dev.animus.rpc.FakePeer.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Random interleavings of calls, releases, cancels and streams between a client and a server
 * connection: every call gets exactly one answer, the right one, and every stream its events in
 * order.
 */
@Timeout(60)
class RpcServerRolePropertyTest {
    private static final Duration LONG = Duration.ofSeconds(30);
    private static final long PATIENCE_SECONDS = 20;

    /** What the handler of one call does. */
    private enum Mode {
        /** Waits for its release (or its cancel), then answers {n}. */
        ANSWER,
        /** Sends k progress notifications, then answers {n}. */
        PROGRESS,
        /** Answers {n} at once (the ack), sends k events, waits for the cancel, sends closed. */
        STREAM,
        /** Throws. */
        THROW,
        /** Returns without answering. */
        SILENT
    }

    private record Plan(int n, Mode mode, int k) {
        JsonNode params() {
            return JSON.readTree("{\"n\":" + n + ",\"mode\":\"" + mode + "\",\"k\":" + k + "}");
        }
    }

    /** One step of the test thread after all calls were sent. */
    private sealed interface Step {
        int n();
    }

    private record Release(int n) implements Step {}

    private record Cancel(int n) implements Step {}

    private record StopStream(int n) implements Step {}

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 42, 4711, 20261202, -1})
    void everyCallGetsExactlyOneCorrectAnswer(long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        int count = 5 + random.nextInt(40);
        Mode[] modes = Mode.values();
        List<Plan> plans = new ArrayList<>();
        Map<Integer, CompletableFuture<Void>> releases = new HashMap<>();
        for (int n = 0; n < count; n++) {
            plans.add(new Plan(n, modes[random.nextInt(modes.length)], random.nextInt(6)));
            releases.put(n, new CompletableFuture<>());
        }
        CountDownLatch ended = new CountDownLatch(count);
        Handlers handlers = Handlers.builder()
                .on("echo", request -> request.respond(request.params()))
                .on("work", request -> {
                    try {
                        work(request, releases);
                    } finally {
                        ended.countDown();
                    }
                })
                .build();
        try (ServerPair pair = ServerPair.start(handlers);
                Subscription events = pair.client.subscribe(100_000)) {
            List<Plan> sendOrder = new ArrayList<>(plans);
            shuffle(sendOrder, random);
            Map<Integer, PendingCall> calls = new HashMap<>();
            for (Plan plan : sendOrder) {
                calls.put(plan.n(), pair.client.call("work", plan.params(), LONG));
            }
            List<Step> steps = new ArrayList<>();
            Map<Integer, Boolean> cancelledByClient = new HashMap<>();
            for (Plan plan : plans) {
                switch (plan.mode()) {
                    case ANSWER -> {
                        int which = random.nextInt(3);
                        if (which != 1) {
                            steps.add(new Release(plan.n()));
                        }
                        if (which != 0) {
                            steps.add(new Cancel(plan.n()));
                        }
                    }
                    case STREAM -> steps.add(new StopStream(plan.n()));
                    case PROGRESS, THROW, SILENT -> {}
                }
            }
            shuffle(steps, random);
            for (Step step : steps) {
                PendingCall call = calls.get(step.n());
                switch (step) {
                    case Release release -> releases.get(release.n()).complete(null);
                    case Cancel cancel -> {
                        cancelledByClient.put(cancel.n(), true);
                        call.cancel();
                    }
                    case StopStream stop -> {
                        call.result().get(PATIENCE_SECONDS, TimeUnit.SECONDS);
                        pair.client.notify("$/cancelRequest", JSON.readTree("{\"id\":" + call.id() + "}"));
                    }
                }
            }
            assertTrue(ended.await(PATIENCE_SECONDS, TimeUnit.SECONDS), "a handler never ended (seed " + seed + ")");
            // Every handler returned, so all it sent is written; this answer comes after all of it.
            assertEquals(JSON.readTree("{}"), pair.client.request("echo", JSON.readTree("{}"), LONG));

            for (Plan plan : plans) {
                PendingCall call = calls.get(plan.n());
                call.settled().get(PATIENCE_SECONDS, TimeUnit.SECONDS);
                check(plan, call, cancelledByClient.getOrDefault(plan.n(), false), seed);
            }
            checkNotifications(plans, calls, events, seed);
            assertEquals(0, pair.client.stats().droppedResponses(), "a call was answered twice (seed " + seed + ")");
            assertEquals(0, pair.server.stats().invalidEnvelopes());
            assertTrue(pair.server.isOpen());
        }
    }

    private static void work(IncomingRequest request, Map<Integer, CompletableFuture<Void>> releases) {
        int n = request.params().get("n").intValue();
        int k = request.params().get("k").intValue();
        JsonNode answer = JSON.readTree("{\"n\":" + n + "}");
        switch (Mode.valueOf(request.params().get("mode").stringValue())) {
            case ANSWER -> {
                CompletableFuture.anyOf(releases.get(n), request.whenCancelled())
                        .join();
                request.respond(answer);
            }
            case PROGRESS -> {
                for (int i = 0; i < k; i++) {
                    request.notify("work/progress", JSON.readTree("{\"n\":" + n + ",\"i\":" + i + "}"));
                }
                request.respond(answer);
            }
            case STREAM -> {
                request.respond(answer);
                for (int i = 0; i < k; i++) {
                    request.notify("work/event", JSON.readTree("{\"n\":" + n + ",\"i\":" + i + "}"));
                }
                request.whenCancelled().join();
                request.notify("work/closed", answer);
            }
            case THROW -> throw new IllegalStateException("boom " + n);
            case SILENT -> {}
        }
    }

    private static void check(Plan plan, PendingCall call, boolean cancelled, long seed) throws Exception {
        String where = "call " + plan + " (seed " + seed + ")";
        JsonNode expected = JSON.readTree("{\"n\":" + plan.n() + "}");
        switch (plan.mode()) {
            case ANSWER -> {
                // A cancel that came after the answer changes nothing.
                if (cancelled && call.result().isCompletedExceptionally()) {
                    assertInstanceOf(RequestCancelled.class, failureOf(call), where);
                } else {
                    assertEquals(expected, call.result().get(), where);
                }
            }
            case PROGRESS, STREAM -> assertEquals(expected, call.result().get(), where);
            case THROW ->
                assertEquals("internal error", remoteError(call, where).message(), where);
            case SILENT ->
                assertEquals(
                        "the handler gave no answer", remoteError(call, where).message(), where);
        }
    }

    private static RemoteError remoteError(PendingCall call, String where) {
        RemoteError error = assertInstanceOf(RemoteError.class, failureOf(call), where);
        assertEquals(-32603, error.code(), where);
        return error;
    }

    private static Throwable failureOf(PendingCall call) {
        try {
            call.result().get();
            return fail("no failure");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void checkNotifications(
            List<Plan> plans, Map<Integer, PendingCall> calls, Subscription events, long seed)
            throws InterruptedException {
        Map<Integer, List<String>> seen = new HashMap<>();
        for (SubscriptionEvent event = events.next(Duration.ZERO);
                !(event instanceof SubscriptionEvent.Idle);
                event = events.next(Duration.ZERO)) {
            Notification notification =
                    assertInstanceOf(SubscriptionEvent.Delivered.class, event).notification();
            int n = notification.params().get("n").intValue();
            String what = notification.method()
                    + (notification.params().has("i")
                            ? " " + notification.params().get("i").intValue()
                            : "");
            seen.computeIfAbsent(n, key -> new ArrayList<>()).add(what);
        }
        for (Plan plan : plans) {
            List<String> expected = new ArrayList<>();
            switch (plan.mode()) {
                case PROGRESS -> {
                    for (int i = 0; i < plan.k(); i++) {
                        expected.add("work/progress " + i);
                    }
                }
                case STREAM -> {
                    for (int i = 0; i < plan.k(); i++) {
                        expected.add("work/event " + i);
                    }
                    expected.add("work/closed");
                }
                case ANSWER, THROW, SILENT -> {}
            }
            assertEquals(expected, seen.getOrDefault(plan.n(), List.of()), "call " + plan + " (seed " + seed + ")");
        }
    }

    private static <T> void shuffle(List<T> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T swap = list.get(i);
            list.set(i, list.get(j));
            list.set(j, swap);
        }
    }
}
