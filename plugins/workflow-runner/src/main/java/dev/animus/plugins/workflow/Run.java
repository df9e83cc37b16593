package dev.animus.plugins.workflow;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One entry being worked on. Exactly one side settles it: the worker when the provider's run ended
 * ({@link #finish}), or the runner's stop ({@link #abandon}), which then gives the entry back.
 */
final class Run {
    enum State {
        RUNNING,
        FINISHING,
        ABANDONED
    }

    final String entryId;
    final String leaseId;
    final String subjectId;
    final Instant startedAt;
    private final AtomicReference<State> state = new AtomicReference<>(State.RUNNING);
    private volatile String controlSessionId = "";
    private volatile boolean inProgress;
    private volatile long runNanos;

    Run(String entryId, String leaseId, String subjectId, Instant startedAt) {
        this.entryId = entryId;
        this.leaseId = leaseId;
        this.subjectId = subjectId;
        this.startedAt = startedAt;
    }

    /** The worker settles it; false when the stop already took it. */
    boolean finish() {
        return state.compareAndSet(State.RUNNING, State.FINISHING);
    }

    /** The stop settles it; false when the worker already did. */
    boolean abandon() {
        return state.compareAndSet(State.RUNNING, State.ABANDONED);
    }

    boolean abandoned() {
        return state.get() == State.ABANDONED;
    }

    String controlSessionId() {
        return controlSessionId;
    }

    void started(String id) {
        controlSessionId = id;
    }

    /** The provider's run took {@code nanos}, from the request to its result. */
    void ran(long nanos) {
        runNanos = nanos;
    }

    long runNanos() {
        return runNanos;
    }

    /** Whether the subject was set {@code in-progress} (a stop then sets it back to {@code ready}). */
    boolean inProgress() {
        return inProgress;
    }

    void markInProgress() {
        inProgress = true;
    }
}
