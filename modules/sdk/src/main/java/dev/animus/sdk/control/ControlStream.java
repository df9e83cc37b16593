package dev.animus.sdk.control;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * One stream of the daemon (e.g. {@code agent/run}) after its ack: its values in order, then its
 * end. {@link #next()} blocks for the next {@code data}; it returns empty once the daemon sent
 * {@code subscription/closed} (its {@link #closedReason()}) or the connection ended. Closing it
 * before the end cancels the stream ({@code $/cancelRequest}). One reader thread at a time.
 */
public final class ControlStream implements AutoCloseable {
    private static final Object END = new Object();

    private final ControlSocket socket;
    private final long requestId;
    private final String subscription;
    private final BlockingQueue<Object> values = new LinkedBlockingQueue<>();
    private volatile String closedReason = "";
    private volatile boolean ended;
    private final AtomicLong missed = new AtomicLong();

    ControlStream(ControlSocket socket, long requestId, String subscription) {
        this.socket = socket;
        this.requestId = requestId;
        this.subscription = subscription;
    }

    /** The subscription id of the ack. */
    public String subscription() {
        return subscription;
    }

    /** The next value's {@code data}; empty at the end of the stream. */
    public Optional<JsonNode> next() {
        try {
            return unwrap(values.take());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * As {@link #next()}, waiting at most {@code timeout}.
     *
     * @throws ControlException ({@value ControlException#UNAVAILABLE}) when nothing arrived in time
     */
    public Optional<JsonNode> next(Duration timeout) {
        Object v;
        try {
            v = values.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        if (v == null) {
            throw ControlException.unavailable("no value of stream " + subscription + " within " + timeout);
        }
        return unwrap(v);
    }

    private Optional<JsonNode> unwrap(Object v) {
        if (v == END) {
            values.offer(END); // every later next() sees the end too
            return Optional.empty();
        }
        return Optional.of((JsonNode) v);
    }

    /** Why the daemon closed it ({@code subscription/closed}'s {@code reason}); empty while open or on EOF. */
    public String closedReason() {
        return closedReason;
    }

    /**
     * How many values the daemon dropped because this client read too slowly (its
     * {@code lagged: {missed}} signals, docs/daemon.md#streams); 0 when the stream is complete.
     */
    public long missed() {
        return missed.get();
    }

    void lagged(long n) {
        missed.addAndGet(n);
    }

    void value(JsonNode data) {
        values.offer(data);
    }

    void end(String reason) {
        closedReason = reason;
        ended = true;
        values.offer(END);
    }

    /** Ends the stream: cancels it at the daemon if it has not ended. Idempotent. */
    @Override
    public void close() {
        if (!ended) {
            ended = true;
            socket.cancel(requestId);
            socket.forget(subscription);
            values.offer(END);
        }
    }
}
