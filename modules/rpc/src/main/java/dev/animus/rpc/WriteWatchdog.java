package dev.animus.rpc;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bounds how long one write may block, without a timer per write: a write records when it started,
 * and a single check is scheduled on the shared timer only when a write starts while none is
 * armed. When the check runs it re-arms itself for the write then in progress, or disarms when the
 * writer is idle, so an idle connection costs nothing and a busy one one check per timeout period.
 *
 * <p>Thread-safe. The start/arm handshake is Dekker-style over two volatiles: a write sets its
 * start then reads {@code armed}; the check clears {@code armed} then reads the start; at least one
 * of them sees the other and arms.
 */
final class WriteWatchdog {
    private static final long IDLE = Long.MIN_VALUE;

    private final long timeoutNanos;
    private final Runnable onStall;
    private final AtomicBoolean armed = new AtomicBoolean();
    private volatile long startedAt = IDLE;

    /**
     * @param timeoutNanos how long a write may block
     * @param onStall run once, on a virtual thread, when a write blocked longer
     */
    WriteWatchdog(long timeoutNanos, Runnable onStall) {
        this.timeoutNanos = timeoutNanos;
        this.onStall = onStall;
    }

    /** A blocking write starts now. */
    void started() {
        long now = System.nanoTime();
        startedAt = now == IDLE ? now + 1 : now;
        if (!armed.get() && armed.compareAndSet(false, true)) {
            schedule(timeoutNanos);
        }
    }

    /** The write in progress finished (or failed). */
    void finished() {
        startedAt = IDLE;
    }

    private void check() {
        armed.set(false);
        long started = startedAt;
        if (started == IDLE) {
            return;
        }
        long left = started + timeoutNanos - System.nanoTime();
        if (left <= 0) {
            RpcThreads.runTask("animus-rpc-write-timeout", onStall);
        } else if (armed.compareAndSet(false, true)) {
            schedule(left);
        }
    }

    private void schedule(long delayNanos) {
        RpcThreads.timer().schedule(this::check, delayNanos, TimeUnit.NANOSECONDS);
    }
}
