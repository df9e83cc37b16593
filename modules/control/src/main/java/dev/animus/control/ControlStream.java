package dev.animus.control;

import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.IncomingRequest;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The daemon's side of one stream (docs/daemon.md#streams): the request is answered with an ack
 * {@code {subscription}}, then each {@link #emit}ted value goes out as {@code <group>/event
 * {subscription, data}}, and the end as {@code subscription/closed {subscription, reason}}.
 *
 * <p>{@link #emit} never blocks: values wait in a buffer of {@code capacity} and one sender thread
 * writes them. When the client reads too slowly and the buffer is full, the newest values are
 * dropped and counted; the next value sent is preceded by {@code <group>/event {subscription,
 * lagged: {missed}}}. Memory is bounded by the capacity.
 *
 * <p>The stream ends on {@link #close(String)}, on the client's {@code $/cancelRequest} or the
 * connection's death ({@link #whenEnded()} completes then, so the producer stops). The handler
 * that opened it must not return before it ended ({@link #awaitEnd()}): a request whose handler
 * returned can no longer be cancelled. Thread-safe.
 */
public final class ControlStream implements AutoCloseable {
    private static final AtomicLong IDS = new AtomicLong();

    private final IncomingRequest request;
    private final String event;
    private final String subscription;
    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<JsonNode> buffer = new ArrayDeque<>();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private final AtomicLong missedTotal = new AtomicLong();
    private long missed;
    private String closing;

    private ControlStream(IncomingRequest request, String group, int capacity) {
        this.request = request;
        this.event = group + "/event";
        this.subscription = "s" + IDS.incrementAndGet();
        this.capacity = capacity;
    }

    /**
     * Acks {@code request} and starts the sender.
     *
     * @param group the method group, e.g. {@code daemon}: events go out as {@code daemon/event}
     * @param capacity the most values held for a slow client
     */
    public static ControlStream open(IncomingRequest request, String group, int capacity) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(group, "group");
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        ControlStream stream = new ControlStream(request, group, capacity);
        request.respond(JsonNodeFactory.instance.objectNode().put("subscription", stream.subscription));
        request.whenCancelled().thenRun(() -> stream.end("cancelled"));
        ControlThreads.newThread("animus-control-stream-" + stream.subscription, stream::send)
                .start();
        return stream;
    }

    /** The subscription id sent in the ack. */
    public String subscription() {
        return subscription;
    }

    /**
     * Queues {@code data} for the client.
     *
     * @return false when the stream has ended (the value is dropped, not counted)
     */
    public boolean emit(JsonNode data) {
        Objects.requireNonNull(data, "data");
        lock.lock();
        try {
            if (closing != null) {
                return false;
            }
            if (buffer.size() >= capacity) {
                missed++;
                missedTotal.incrementAndGet();
            } else {
                buffer.addLast(data);
                changed.signalAll();
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Values dropped for this slow client so far. */
    public long missed() {
        return missedTotal.get();
    }

    /** Completes when the stream has ended, for whatever reason. */
    public CompletableFuture<Void> whenEnded() {
        return ended;
    }

    /** Waits until the stream has ended (what the handler that opened it does last). */
    public void awaitEnd() {
        try {
            ended.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end("interrupted");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("a stream's end never fails", e);
        }
    }

    /** Whether the stream has ended or is ending. */
    public boolean isEnded() {
        lock.lock();
        try {
            return closing != null;
        } finally {
            lock.unlock();
        }
    }

    /** Ends the stream: what is buffered is sent, then {@code subscription/closed} with {@code reason}. */
    public void close(String reason) {
        end(Objects.requireNonNull(reason, "reason"));
    }

    /** {@link #close(String)} with reason {@code closed}. */
    @Override
    public void close() {
        close("closed");
    }

    private void end(String reason) {
        lock.lock();
        try {
            if (closing == null) {
                closing = reason;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    private void send() {
        try {
            while (true) {
                JsonNode next;
                long lost;
                String reason;
                lock.lock();
                try {
                    while (buffer.isEmpty() && missed == 0 && closing == null) {
                        changed.await();
                    }
                    lost = missed;
                    missed = 0;
                    next = buffer.pollFirst();
                    reason = next == null && lost == 0 ? closing : null;
                } finally {
                    lock.unlock();
                }
                if (lost > 0) {
                    ObjectNode lag = frame();
                    lag.putObject("lagged").put("missed", lost);
                    request.notify(event, lag);
                }
                if (next != null) {
                    ObjectNode frame = frame();
                    frame.set("data", next);
                    request.notify(event, frame);
                }
                if (reason != null) {
                    if (!"cancelled".equals(reason)) {
                        request.notify("subscription/closed", frame().put("reason", reason));
                    }
                    return;
                }
            }
        } catch (ConnectionLost gone) {
            end("connection closed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end("interrupted");
        } finally {
            ended.complete(null);
        }
    }

    private ObjectNode frame() {
        return JsonNodeFactory.instance.objectNode().put("subscription", subscription);
    }
}
