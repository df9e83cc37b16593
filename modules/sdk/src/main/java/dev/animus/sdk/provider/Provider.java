package dev.animus.sdk.provider;

import dev.animus.sdk.PluginError;

/**
 * What a provider author implements: one agent run per call. Each call runs on its own virtual
 * thread, so runs of different {@code control_session_id}s run concurrently; an implementation
 * must be thread-safe with respect to itself.
 *
 * <p>Cancellation: when the host cancels the run ({@code agent/cancel} of its control session
 * id, or {@code $/cancelRequest} of its request) the run's {@link CancellationToken} fires its
 * callbacks and the run's thread is interrupted. Stop the work (kill the process, close the
 * connection) from an {@link CancellationToken#onCancel} callback and return or throw: whatever
 * the run then does, its request is answered {@code -32002 cancelled}.
 */
public interface Provider {

    /**
     * Handles {@code agent/run}.
     *
     * @param request the parsed params
     * @param stream this run's notifications ({@code session_id} filled in) and its cancellation
     * @return the result; its {@code session_id}, when given, is what a later {@code agent/resume}
     *     names
     * @throws PluginError to answer with that error (e.g. a missing configuration)
     * @throws Exception anything else is answered {@code -32603}
     */
    AgentResult run(AgentRequest request, AgentStream stream) throws Exception;

    /**
     * Handles {@code agent/resume}: continues the conversation {@link AgentRequest#sessionId()}
     * names. By default it is not supported ({@code -32001}).
     *
     * @param request the parsed params, with {@link AgentRequest#sessionId()} present
     * @param stream as for {@link #run}
     * @throws PluginError {@code -32001} by default; {@code -32602} for a session id the provider
     *     does not know is usual
     */
    default AgentResult resume(AgentRequest request, AgentStream stream) throws Exception {
        throw new PluginError(
                PluginError.METHOD_NOT_SUPPORTED, "agent/resume: this provider keeps no sessions to resume");
    }
}
