package dev.animus.triggers;

import java.time.Duration;

/**
 * Where a trigger session reads the time its runs last and waits its restart delays. Tests pass a
 * fake one that records each delay and returns at once.
 */
public interface TriggerClock {
    /** A monotonic reading in nanoseconds. */
    long nanos();

    /**
     * Waits {@code delay}.
     *
     * @throws InterruptedException when the session is closed while waiting
     */
    void sleep(Duration delay) throws InterruptedException;

    /** {@code System.nanoTime()} and {@code Thread.sleep}. */
    static TriggerClock system() {
        return new TriggerClock() {
            @Override
            public long nanos() {
                return System.nanoTime();
            }

            @Override
            public void sleep(Duration delay) throws InterruptedException {
                Thread.sleep(delay);
            }
        };
    }
}
