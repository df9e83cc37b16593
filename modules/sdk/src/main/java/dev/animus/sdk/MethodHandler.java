package dev.animus.sdk;

/**
 * Answers one request method. Each call runs on its own virtual thread, so handlers of different
 * requests run concurrently and a slow one does not hold up the others.
 */
@FunctionalInterface
public interface MethodHandler {

    /**
     * Handles one request.
     *
     * @param request the request: params, id, progress and cancellation
     * @return the {@code result}: a Jackson {@code JsonNode}, or any value Jackson can turn into
     *     JSON (maps, lists, strings, numbers, booleans, public records); {@code null} answers
     *     JSON {@code null}
     * @throws PluginError to answer with that error
     * @throws Exception anything else is answered {@code -32603} and logged to stderr; after the
     *     request was cancelled every outcome is answered {@code -32002}
     */
    Object handle(RequestContext request) throws Exception;
}
