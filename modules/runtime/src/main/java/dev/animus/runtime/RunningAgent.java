package dev.animus.runtime;

import dev.animus.providers.AgentOutcome;
import dev.animus.providers.AgentRun;
import java.time.Duration;
import java.util.Optional;

/**
 * A provider run in progress, as a front end holds it: its {@code control_session_id} (what
 * {@link Agents#cancel} takes, from any client of the same {@link Agents}) and its outcome.
 * Thread-safe; every event reached the run's sink before {@link #await()} returns.
 */
public final class RunningAgent {
    private final AgentRun run;

    private RunningAgent(AgentRun run) {
        this.run = run;
    }

    /** {@code run} as a front end holds it (a daemon client builds the run from its stream). */
    public static RunningAgent of(AgentRun run) {
        return new RunningAgent(java.util.Objects.requireNonNull(run, "run"));
    }

    /** The host-minted id of the run. */
    public String controlSessionId() {
        return run.controlSessionId();
    }

    /** The plugin running it. */
    public String provider() {
        return run.provider();
    }

    /**
     * Waits for the end of the run.
     *
     * @throws dev.animus.providers.RunFailed when it ended without a result (with the output so far)
     * @throws InterruptedException when the waiting thread is interrupted (the run goes on)
     */
    public AgentOutcome await() throws InterruptedException {
        return run.await();
    }

    /** {@link #await()} for at most {@code limit}; empty when the run has not ended by then. */
    public Optional<AgentOutcome> await(Duration limit) throws InterruptedException {
        return run.await(limit);
    }

    /** Whether the run has ended. */
    public boolean isDone() {
        return run.isDone();
    }
}
