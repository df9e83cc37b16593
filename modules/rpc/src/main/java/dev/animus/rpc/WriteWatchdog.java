package dev.animus.rpc;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds how long one write may block, without a timer per write: a write records the moment it
 * must be done by (its start plus the write timeout, or the deadline of a request it carries if
 * that comes first), and a check is scheduled on the shared timer only when that moment is
 * earlier than the one a check is already armed for. When the check runs it disarms, fires if the
 * write then in progress is past its moment, and otherwise re-arms for it; an idle writer arms
 * nothing, so an idle connection costs nothing and a busy one about one check per timeout period.
 *
 * <p>Thread-safe. The limit/arm handshake is Dekker-style over two volatiles: a write sets its
 * limit then reads {@code armedFor}; the check resets {@code armedFor} then reads the limit; at
 * least one of them sees the other and arms. A check that finds nothing to do is harmless, so a
 * superseded one (armed for a later moment) may still run.
 */
final class WriteWatchdog {
    private static final long IDLE = Long.MIN_VALUE;
    private static final long NOT_ARMED = Long.MAX_VALUE;

    private final long timeoutNanos;
    private final Runnable onStall;
    private final AtomicLong armedFor = new AtomicLong(NOT_ARMED);
    private volatile long limit = IDLE;

    /**
     * @param timeoutNanos how long a write may block
     * @param onStall run once per stalled write, on a virtual thread, when a write blocked past its limit
     */
    WriteWatchdog(long timeoutNanos, Runnable onStall) {
        this.timeoutNanos = timeoutNanos;
        this.onStall = onStall;
    }

    /**
     * A blocking write starts now and must be done within the write timeout, or by
     * {@code deadline} if that is earlier.
     */
    void started(WriteDeadline deadline) {
        long byTimeout = System.nanoTime() + timeoutNanos;
        long at = deadline.isNone() || deadline.at() - byTimeout > 0 ? byTimeout : deadline.at();
        limit = at == IDLE ? at + 1 : at;
        arm(at);
    }

    /** The write in progress finished (or failed). */
    void finished() {
        limit = IDLE;
    }

    private void arm(long at) {
        long armed;
        while (at < (armed = armedFor.get())) {
            if (armedFor.compareAndSet(armed, at)) {
                RpcThreads.timer().schedule(this::check, Math.max(0, at - System.nanoTime()), TimeUnit.NANOSECONDS);
                return;
            }
        }
    }

    private void check() {
        armedFor.set(NOT_ARMED);
        long at = limit;
        if (at == IDLE) {
            return;
        }
        if (at - System.nanoTime() <= 0) {
            RpcThreads.runTask("animus-rpc-write-timeout", onStall);
        } else {
            arm(at);
        }
    }
}
