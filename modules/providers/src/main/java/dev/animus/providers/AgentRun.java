package dev.animus.providers;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A run in progress: its host-minted id (what {@link AgentSessions#cancel} takes) and its outcome.
 * Thread-safe; the events went to the sink given at the start, in order, all of them before
 * {@link #await()} returns.
 */
public final class AgentRun {
    private final String controlSessionId;
    private final String provider;
    private final CompletableFuture<AgentOutcome> outcome;

    /**
     * A run whose outcome {@code outcome} completes with: normally, or exceptionally with its
     * {@link ProviderFailure} (how a daemon's client stands for a run of the daemon).
     */
    public AgentRun(String controlSessionId, String provider, CompletableFuture<AgentOutcome> outcome) {
        this.controlSessionId = Objects.requireNonNull(controlSessionId, "controlSessionId");
        this.provider = Objects.requireNonNull(provider, "provider");
        this.outcome = Objects.requireNonNull(outcome, "outcome");
    }

    /**
     * Runs {@code action} once the run ended: with its outcome, or with the failure it ended on
     * (null the other); on the thread that ended it, or at once if it already did.
     */
    public void whenEnded(java.util.function.BiConsumer<AgentOutcome, Throwable> action) {
        outcome.whenComplete(action);
    }

    public String controlSessionId() {
        return controlSessionId;
    }

    /** The plugin running it. */
    public String provider() {
        return provider;
    }

    /**
     * Waits for the end of the run.
     *
     * @throws ProviderFailure ({@link RunFailed}) when it ended without a result
     * @throws InterruptedException when the waiting thread is interrupted (the run goes on)
     */
    public AgentOutcome await() throws InterruptedException {
        try {
            return outcome.get();
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        }
    }

    /** {@link #await()} for at most {@code limit}; empty when the run has not ended by then. */
    public Optional<AgentOutcome> await(Duration limit) throws InterruptedException {
        try {
            return Optional.of(outcome.get(limit.toNanos(), TimeUnit.NANOSECONDS));
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        } catch (TimeoutException e) {
            return Optional.empty();
        }
    }

    /** Whether the run has ended. */
    public boolean isDone() {
        return outcome.isDone();
    }

    private static RuntimeException rethrow(Throwable cause) {
        Throwable c = cause instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : cause;
        if (c instanceof RuntimeException r) {
            return r;
        }
        if (c instanceof java.lang.Error e) {
            throw e;
        }
        return new IllegalStateException(c);
    }
}
