package dev.animus.plugins.schedule;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The plugin's {@link Wakeup}: waits on {@code clock} (re-reading it after every wait, so a clock
 * that jumps is followed), at most {@link #MAX_WAIT} at a time; {@link #close} ends every wait and
 * makes them return false. States: open, closed (idempotent). Thread-safe.
 */
final class ClockWakeup implements Wakeup, AutoCloseable {
    /** The longest single wait: a wall clock set forward is noticed within it. */
    static final Duration MAX_WAIT = Duration.ofSeconds(30);

    private final InstantSource clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition closedSignal = lock.newCondition();
    private boolean closed;

    ClockWakeup(InstantSource clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public boolean until(Instant when) throws InterruptedException {
        lock.lock();
        try {
            while (!closed) {
                Duration left = Duration.between(clock.instant(), when);
                if (left.isNegative() || left.isZero()) {
                    return true;
                }
                Duration wait = left.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : left;
                closedSignal.await(wait.toNanos(), TimeUnit.NANOSECONDS);
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            closedSignal.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
