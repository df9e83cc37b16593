package dev.animus.rpc;

import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * One request the peer sent, as its {@link RequestHandler} sees it.
 *
 * <p>Life: <em>running</em> (the handler runs) → <em>answered</em> (a result or an error was
 * written; only the first answer counts) → <em>ended</em> (the handler returned). Until it ended, a
 * {@code $/cancelRequest} from the peer naming this id, or the connection's death, <em>cancels</em>
 * it: when not answered yet, the connection answers {@code -32002 request cancelled} at once (on
 * death, nothing is written); {@link #whenCancelled()} completes either way, so a streaming handler
 * stops its stream. Cancellation never interrupts the handler's thread.
 *
 * <p>Thread-safe: a handler may answer and notify from any thread.
 */
public interface IncomingRequest {

    /** The request's id, as the peer sent it (a number or a string); answers echo it exactly. */
    JsonNode id();

    /** The method, e.g. {@code "daemon/status"}. */
    String method();

    /** The params, or {@code MissingNode} when the request had none. */
    JsonNode params();

    /**
     * Answers with {@code result} ({@code MissingNode} is sent as {@code null}).
     *
     * @return false when the request was already answered (or cancelled), or the connection is dead
     *     or died during the write, and nothing was written
     * @throws IllegalArgumentException when {@code result} cannot be serialized; the peer is answered
     *     {@code -32603 internal error} instead
     */
    boolean respond(JsonNode result);

    /**
     * Answers with a JSON-RPC error.
     *
     * @param data the {@code error.data} value; {@code MissingNode} omits it
     * @return false when the request was already answered (or cancelled), or the connection is dead
     *     or died during the write, and nothing was written
     * @throws IllegalArgumentException when {@code data} cannot be serialized; the peer is answered
     *     {@code -32603 internal error} instead
     */
    boolean fail(int code, String message, JsonNode data);

    /**
     * Sends a notification to the peer on this connection (the replies of a stream). Blocks while
     * the peer is slow to read, bounded by the connection's write timeout.
     *
     * @param params an object or array; {@code NullNode} or {@code MissingNode} omit {@code params}
     * @throws ConnectionLost when the connection is dead or dies during the write
     */
    void notify(String method, JsonNode params);

    /** Whether the request was cancelled (by the peer or by the connection's death). */
    boolean cancelled();

    /**
     * Completes (normally) when the request is cancelled; never completes otherwise. It completes on
     * a short-lived thread of its own, never on the connection's reader (dependent stages may block),
     * and after the connection's {@code -32002} was written, so what the handler sends once it is
     * told follows that answer. {@link #cancelled()} may turn true a moment earlier.
     */
    CompletableFuture<Void> whenCancelled();
}
