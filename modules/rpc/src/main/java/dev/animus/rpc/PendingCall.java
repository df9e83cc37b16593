package dev.animus.rpc;

import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * A request that was sent (or failed to be sent) and whose response may still be coming.
 * Thread-safe.
 */
public interface PendingCall {

    /** The JSON-RPC id the request carries (allocated from 1, increasing, per connection). */
    long id();

    /** The request's method. */
    String method();

    /**
     * Completes with the response's {@code result}, or exceptionally with a {@link RemoteError},
     * {@link ConnectionLost}, {@link RequestTimedOut} or {@link RequestCancelled} (not wrapped).
     *
     * <p>Dependent stages registered with the non-async methods run on whichever thread completes
     * the call: usually the connection's reader thread. They must not block; use the
     * {@code *Async} variants for anything that waits (another request's {@code await()} from
     * there would deadlock the reader).
     */
    CompletableFuture<JsonNode> result();

    /**
     * Completes when the peer is done with the request, which may be after {@link #result()}
     * completed: normally when its response (a result or an error) arrives, also after the caller
     * cancelled the call; exceptionally with {@link RequestTimedOut} when the deadline passed first
     * (the peer is presumably still working on it, cancelled or not), or with
     * {@link ConnectionLost} (a copy: dependent stages see the failure wrapped in a
     * {@code CompletionException}, {@code get()} unwraps it). A host uses it to keep counting a cancelled request as in flight until
     * the peer gives it up, and to stop a peer that never does. Dependent stages follow the same
     * threading rule as {@link #result()}.
     */
    CompletableFuture<Void> settled();

    /**
     * Gives up on the response: completes {@link #result()} with {@link RequestCancelled} and, if
     * the peer advertised cancellation, sends {@code $/cancelRequest {id}}. No effect once the call
     * completed. The peer's later answer is expected and settles the call ({@link #settled()}).
     * May block while the notice is written (bounded by the write timeout).
     */
    void cancel();

    /**
     * Waits for the response.
     *
     * @return the {@code result} value
     * @throws RpcException the failure {@link #result()} completed with
     * @throws RequestCancelled if the thread was interrupted while waiting: the call is cancelled
     *     and the interrupt flag is set again
     */
    JsonNode await();
}
