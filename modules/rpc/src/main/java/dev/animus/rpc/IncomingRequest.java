package dev.animus.rpc;

import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * One request the peer sent, as its {@link RequestHandler} sees it.
 *
 * <p>Life: <em>running</em> (the handler runs) → <em>answered</em> (a result or an error was
 * written; only the first answer counts) → <em>ended</em> (the handler returned). A
 * {@code $/cancelRequest} from the peer naming this id, or the connection's death, <em>cancels</em>
 * it: when not answered yet, the connection answers {@code -32002 request cancelled} at once;
 * {@link #whenCancelled()} completes either way, so a streaming handler stops its stream.
 *
 * <p>Thread-safe: a handler may answer and notify from any thread.
 */
public interface IncomingRequest {

    /** The request's id, as the peer sent it (a number or a string). */
    JsonNode id();

    /** The method, e.g. {@code "daemon/status"}. */
    String method();

    /** The params, or {@code MissingNode} when the request had none. */
    JsonNode params();

    /**
     * Answers with {@code result}.
     *
     * @return false when the request was already answered (or cancelled), and nothing was written
     */
    boolean respond(JsonNode result);

    /**
     * Answers with a JSON-RPC error.
     *
     * @param data the {@code error.data} value; {@code MissingNode} omits it
     * @return false when the request was already answered (or cancelled), and nothing was written
     */
    boolean fail(int code, String message, JsonNode data);

    /**
     * Sends a notification to the peer on this connection (the replies of a stream). Blocks while
     * the peer is slow to read, bounded by the connection's write timeout.
     *
     * @throws ConnectionLost when the connection is dead or dies during the write
     */
    void notify(String method, JsonNode params);

    /** Whether the request was cancelled (by the peer or by the connection's death). */
    boolean cancelled();

    /** Completes (normally) when the request is cancelled; never completes otherwise. */
    CompletableFuture<Void> whenCancelled();
}
