package dev.animus.rpc;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * One JSON-RPC 2.0 connection to a peer over a pair of byte streams (docs/protocol.md#framing,
 * docs/protocol.md#messages): requests with integer ids from 1, responses matched by id,
 * per-request deadlines, cancellation, and the peer's notifications fanned out to subscribers.
 *
 * <p>States: <em>open</em> → <em>dead</em>. The connection dies once, with one
 * {@link ConnectionLost} cause (the first one wins): end of the peer's output, a read or write
 * failure, a write blocked past {@link RpcOptions#writeTimeout()}, {@link #fail} or
 * {@link #close()}. At that moment every pending call completes with the cause, subscriptions end,
 * both streams are closed and {@link #whenClosed()} completes. Later calls complete with the cause
 * at once.
 *
 * <p>Thread-safe. One reader thread per connection parses the peer's output and dispatches it.
 * Requests from the peer are answered through the connection's {@link Handlers}, each on a thread
 * of its own (docs/protocol.md#the-server-role); a method without a handler (every method, for a
 * connection opened without handlers) is answered with {@code -32601 method not found}.
 */
public interface RpcConnection extends AutoCloseable {

    /**
     * Starts a connection. It owns both streams from now on (and closes them when it dies) and
     * starts its reader thread at once.
     *
     * @param fromPeer the peer's output (a child's stdout)
     * @param toPeer the peer's input (a child's stdin)
     */
    static RpcConnection open(InputStream fromPeer, OutputStream toPeer, RpcOptions options) {
        return Connection.start(fromPeer, toPeer, options, Handlers.none());
    }

    /**
     * Starts a connection that also answers the peer's requests through {@code handlers} (the
     * server role, e.g. the daemon's control socket); otherwise as
     * {@link #open(InputStream, OutputStream, RpcOptions)}.
     */
    static RpcConnection open(InputStream fromPeer, OutputStream toPeer, RpcOptions options, Handlers handlers) {
        return Connection.start(fromPeer, toPeer, options, handlers);
    }

    /**
     * Sends a request. Never waits for the reply; may wait for the write when the peer is slow to
     * read, bounded by the write timeout and by the call's own deadline, whichever comes first. A
     * deadline that passes before the request was written kills the connection (the stream may
     * hold part of the frame) and fails the call with {@link RequestTimedOut} whose
     * {@link RequestTimedOut#requestWritten()} is false. Over a stream that a close from another
     * thread does not unblock (a child's stdin), the blocked write returns once the owner, told
     * through {@link #whenClosed()}, breaks the pipe (kills the child).
     *
     * @param params an object or array; {@code NullNode} or {@code MissingNode} omit {@code params}
     * @param timeout the deadline for the response, and for writing the request, from now; positive
     * @return the call; already failed with the cause if the connection is dead
     */
    PendingCall call(String method, JsonNode params, Duration timeout);

    /** Sends a request and waits for its result; see {@link PendingCall#await()}. */
    default JsonNode request(String method, JsonNode params, Duration timeout) {
        return call(method, params, timeout).await();
    }

    /**
     * Sends a notification.
     *
     * @param params an object or array; {@code NullNode} or {@code MissingNode} omit {@code params}
     * @throws ConnectionLost if the connection is dead or dies during the write
     */
    void notify(String method, JsonNode params);

    /** Subscribes to the peer's notifications with {@link RpcOptions#broadcastCapacity()}. */
    Subscription subscribe();

    /** Subscribes to the peer's notifications with a buffer of {@code capacity} notifications. */
    Subscription subscribe(int capacity);

    /**
     * Subscribes to the peer's notifications named {@code method} only, with a dropping buffer of
     * {@code capacity}: the others never enter it, so they neither fill it nor count as lost.
     */
    Subscription subscribe(int capacity, String method);

    /**
     * Subscribes to the peer's notifications with a buffer of {@code capacity} that, when full,
     * makes the reader wait for room instead of dropping: back-pressure on the peer, whose later
     * output (answers included) waits too. For a subscriber that drains it until it finishes or
     * closes it, such as a request's own stream, which must not lose a word.
     */
    Subscription subscribeWaiting(int capacity);

    /** Whether to send {@code $/cancelRequest} on cancellation and timeout; set after the handshake. */
    void peerSupportsCancellation(boolean supported);

    /** Kills the connection with {@code cause} (see the class doc); no effect if already dead. */
    void fail(ConnectionLost cause);

    /** Whether the connection is still open. */
    boolean isOpen();

    /** Completes with the cause once the connection is dead; never completes exceptionally. */
    CompletableFuture<ConnectionLost> whenClosed();

    /** A snapshot of the connection's counters. */
    RpcStats stats();

    /** Kills the connection with {@code ConnectionLost("connection closed")}; idempotent. */
    @Override
    void close();
}
