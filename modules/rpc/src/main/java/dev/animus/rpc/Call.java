package dev.animus.rpc;

import dev.animus.core.Deadlines;
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
    /** The peer is done with the request: see {@link PendingCall#settled()}. */
    private final CompletableFuture<Void> settled = new CompletableFuture<>();
    /** Whether the request reached the stream (set once its write returned). */
    private volatile boolean written;

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
    public CompletableFuture<Void> settled() {
        return settled.copy();
    }

    /**
     * Fails the call with {@link RequestCancelled} and tells the peer. The call stays registered
     * until the peer answers it or its deadline passes, so {@link #settled()} can tell which.
     */
    @Override
    public void cancel() {
        if (outcome.fail(new RequestCancelled(method))) {
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
            RpcThreads.runTask("animus-rpc-cancel-" + id, () -> connection.sendCancelNotice(id));
        }
    }

    long deadline() {
        return deadline;
    }

    /** The deadline as the writer sees it: the write of the request must be done by then. */
    WriteDeadline writeDeadline() {
        return deadline == NO_DEADLINE ? WriteDeadline.NONE : new WriteDeadline(deadline, timeout);
    }

    /** The request reached the stream. */
    void written() {
        written = true;
    }

    /**
     * The peer's response: completes with the result and settles the call; false if the call had
     * already completed (the caller cancelled it).
     */
    boolean resolve(JsonNode result) {
        settled.complete(null);
        return outcome.succeed(result);
    }

    /**
     * The peer's error response: completes with it and settles the call; false if the call had
     * already completed (the caller cancelled it).
     */
    boolean answerWithError(RemoteError error) {
        settled.complete(null);
        return outcome.fail(error);
    }

    /**
     * The connection died: fails the call, and its settling, with {@code cause}. A call whose
     * deadline had passed before its request was written times out instead: its deadline is what
     * killed the connection (whichever of the two the caller happened to hear of first).
     */
    void reject(ConnectionLost cause) {
        if (!written && deadline != NO_DEADLINE && deadline - System.nanoTime() <= 0) {
            expire();
            return;
        }
        outcome.fail(cause);
        settled.completeExceptionally(cause);
    }

    /**
     * The deadline passed without an answer: fails with {@link RequestTimedOut} and tells the peer;
     * a call the caller had cancelled is not told twice, but its settling fails too. A request that
     * was never written whole is not cancelled: the peer never saw it.
     */
    void expire() {
        boolean sent = written;
        RequestTimedOut late = new RequestTimedOut(method, timeout, sent);
        if (outcome.fail(late) && sent) {
            connection.sendCancelNotice(id);
        }
        settled.completeExceptionally(late);
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
        if (Deadlines.isBeyondAny(timeout)) {
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
