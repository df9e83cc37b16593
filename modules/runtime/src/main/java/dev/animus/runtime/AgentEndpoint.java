package dev.animus.runtime;

import dev.animus.providers.AgentRequest;
import dev.animus.providers.CancelOutcome;
import dev.animus.providers.RunnerEvent;
import java.util.List;
import java.util.function.Consumer;

/**
 * The provider use cases as a front end calls them (docs/protocol.md#providers): in this process
 * ({@link Agents}) or in the project's daemon (its control socket's {@code agent/} group), with the
 * same events, outcomes and failures either way, so a front end renders them the same.
 */
public interface AgentEndpoint {

    /**
     * Starts {@code request} and returns once it has its {@code control_session_id}; the events go to
     * {@code sink} in order, all of them before the run's {@link RunningAgent#await()} returns.
     *
     * @throws dev.animus.providers.ProviderMissing when no installed plugin is that provider
     * @throws dev.animus.install.LaunchRefused when it is installed but may not run
     * @throws RequirementMissing for a required variable or secret that is set nowhere
     */
    RunningAgent run(AgentRequest request, Consumer<RunnerEvent> sink);

    /**
     * Sends {@code agent/cancel} to the process running {@code controlSessionId}; answers once the
     * provider did, or fails after {@link Agents#CANCEL_TIMEOUT}.
     *
     * @throws dev.animus.providers.NoActiveSession when no run has that id
     * @throws dev.animus.providers.CancelNotSupported when the provider did not advertise cancellation
     * @throws dev.animus.host.PluginCallFailed when the cancel failed
     * @throws InterruptedException when the calling thread is interrupted while waiting
     */
    CancelOutcome cancel(String controlSessionId) throws InterruptedException;

    /** The installed plugins of kind {@code provider}, by name. */
    List<ProviderInfo> providers();
}
