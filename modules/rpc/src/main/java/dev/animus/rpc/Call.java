package dev.animus.rpc;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import tools.jackson.databind.JsonNode;

/** One request of a {@link Connection} and the future of its response. Thread-safe. */
final class Call implements PendingCall {
    /** No deadline: the timeout is too long to represent in nanoseconds. */
    static final long NO_DEADLINE = Long.MAX_VALUE;
    /**
     * How long {@link #await()} spins before parking. A round trip to a local process usually
     * completes within this, and a parked caller pays a wake-up that dominates the latency: on the
     * 2-vCPU reference VM, waking a halted vCPU costs 15-30 µs, and a spinning caller keeps its vCPU
     * awake (sequential p50 23 µs spinning vs 54-68 µs parking, docs/performance.md). A call that
     * takes longer parks after 50 µs.
     */
    private static final long SPIN_NANOS = 50_000;
    /** Spinning only pays when the thread that completes the call can run meanwhile. */
    private static final boolean SPIN = Runtime.getRuntime().availableProcessors() > 1;

    private final Connection connection;
    private final long id;
    private final String method;
    private final Duration timeout;
    private final long deadline;
    private final Outcome outcome = new Outcome();

    Call(Connection connection, long id, String method, Duration timeout, long now) {
        this.connection = connection;
        this.id = id;
        this.method = method;
        this.timeout = timeout;
        this.deadline = deadlineOf(timeout, now);
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public String method() {
        return method;
    }

    @Override
    public CompletableFuture<JsonNode> result() {
        return outcome;
    }

    @Override
    public void cancel() {
        if (outcome.fail(new RequestCancelled(method))) {
            connection.forget(this);
            connection.sendCancelNotice(id);
        }
    }

    @Override
    public JsonNode await() {
        if (!outcome.isDone()) {
            spin();
        }
        try {
            return outcome.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RpcException failure) {
                throw failure;
            }
            throw new IllegalStateException(method + " was completed from outside the connection", e.getCause());
        } catch (InterruptedException e) {
            cancelAfterInterrupt();
            Thread.currentThread().interrupt();
            throw new RequestCancelled(method);
        }
    }

    /**
     * Cancels the call for a caller that was interrupted while awaiting it; the peer's notice is sent
     * from another thread. Since JDK 21, {@code Thread.interrupt()} sets the flag (which wakes the
     * caller) before it looks for an interruptible channel the thread is blocked on and closes it; a
     * caller that writes the notice right away can be inside that write by then, and a connection
     * over channels (pipes, sockets) would lose its stream to an interrupt meant for one call
     * (seen in CI: about 1 run in 100 of RpcConnectionFailuresTest's interrupted-await case).
     */
    private void cancelAfterInterrupt() {
        if (outcome.fail(new RequestCancelled(method))) {
            connection.forget(this);
            RpcThreads.runTask("animus-rpc-cancel-" + id, () -> connection.sendCancelNotice(id));
        }
    }

    long deadline() {
        return deadline;
    }

    /** Completes with the result; false if the call had already completed (a late response). */
    boolean resolve(JsonNode result) {
        return outcome.succeed(result);
    }

    /** Completes with the failure; false if the call had already completed. */
    boolean reject(RpcException failure) {
        return outcome.fail(failure);
    }

    /** The deadline passed: fail with {@link RequestTimedOut} and tell the peer. */
    void expire() {
        if (outcome.fail(new RequestTimedOut(method, timeout))) {
            connection.sendCancelNotice(id);
        }
    }

    private void spin() {
        if (!SPIN) {
            return;
        }
        long until = System.nanoTime() + SPIN_NANOS;
        for (int i = 1; !outcome.isDone(); i++) {
            Thread.onSpinWait();
            if ((i & 0xF) == 0 && System.nanoTime() - until > 0) {
                return;
            }
        }
    }

    private static long deadlineOf(Duration timeout, long now) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (timeout.compareTo(Duration.ofDays(365)) > 0) {
            return NO_DEADLINE;
        }
        return now + timeout.toNanos();
    }

    /** The future handed out: cancelling it cancels the call. */
    private final class Outcome extends CompletableFuture<JsonNode> {
        boolean succeed(JsonNode result) {
            return super.complete(result);
        }

        boolean fail(RpcException failure) {
            return super.completeExceptionally(failure);
        }

        /** Cancels the call (see {@link PendingCall#cancel()}); completes with {@link RequestCancelled}. */
        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean wasPending = !isDone();
            Call.this.cancel();
            return wasPending && isDone();
        }

        @Override
        public <U> CompletableFuture<U> newIncompleteFuture() {
            return new CompletableFuture<>();
        }
    }
}
