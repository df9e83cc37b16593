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

    RunningAgent(AgentRun run) {
        this.run = run;
    }

    /**
     * A run of somewhere else (a daemon's client builds it from the run's stream): its outcome
     * completes normally, or exceptionally with the run's failure ({@link dev.animus.providers.RunFailed}).
     */
    public static RunningAgent of(
            String controlSessionId, String provider, java.util.concurrent.CompletableFuture<AgentOutcome> outcome) {
        return new RunningAgent(new AgentRun(controlSessionId, provider, outcome));
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
