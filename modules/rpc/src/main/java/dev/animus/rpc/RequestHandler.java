package dev.animus.rpc;

/**
 * Answers one kind of request from the peer: the server role of an {@link RpcConnection}
 * (docs/protocol.md#the-server-role).
 *
 * <p>Each request runs on a virtual thread of its own, so a handler may block (on a plugin call, a
 * lock, a stream) without holding up the connection's reader or other requests. The handler answers
 * exactly once, with {@link IncomingRequest#respond} or {@link IncomingRequest#fail}; it may send
 * notifications before and after its answer (a stream: an ack as the answer, then events) and may
 * keep running after answering until the stream ends: the request is being handled, holds one of
 * the connection's {@link Handlers#maxInFlight()} places and can be cancelled, until the handler
 * returns. When it returns without answering, the
 * connection answers {@code -32603} for it; when it throws, the connection logs the exception and
 * answers {@code -32603 internal error} (never the exception's text, which may name host internals).
 */
@FunctionalInterface
public interface RequestHandler {

    /** Handles {@code request}; see the interface doc. */
    void handle(IncomingRequest request);
}
