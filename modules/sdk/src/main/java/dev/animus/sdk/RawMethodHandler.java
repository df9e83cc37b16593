package dev.animus.sdk;

import tools.jackson.databind.JsonNode;

/**
 * A handler that owns its answer: the sdk sends nothing for the request when it returns. It is for
 * plugins that must shape the output stream themselves, such as test fixtures that break the
 * protocol on purpose; a conforming plugin uses {@link MethodHandler}.
 *
 * <p>Runs on its own virtual thread like a {@link MethodHandler}, after the same
 * {@code initialized} gate; it is not cancellable.
 */
@FunctionalInterface
public interface RawMethodHandler {

    /**
     * Handles one request.
     *
     * @param request the whole request frame ({@code id}, {@code method}, {@code params})
     * @param output the plugin's stdout, shared with the sdk under one lock
     * @throws Exception answered with {@code -32603} and logged, as for a {@link MethodHandler}
     */
    void handle(JsonNode request, RawOutput output) throws Exception;
}
