package dev.animus.testhttps;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/**
 * What one route of a {@link LoopbackHttps} answers. Ready-made ones are the static methods of
 * {@link LoopbackHttps}; a test may write its own as a lambda.
 *
 * <p>The server closes the exchange after {@link #handle} returns, so a handler that declared a
 * {@code Content-Length} and wrote less drops the connection (a truncated body, as the client sees it).
 */
@FunctionalInterface
public interface Handler {

    /** Answers one request; runs on its own virtual thread. */
    void handle(HttpExchange exchange) throws IOException;

    /**
     * Called once when the server closes. A handler that blocks (a stall) must return soon after;
     * the default does nothing.
     */
    default void release() {}
}
