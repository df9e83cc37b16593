package dev.animus.host;

import java.time.Duration;

/**
 * Runs a task after a delay: the idle timer of each supervisor. Tasks must be short and must not
 * block (they hand real work to a thread of their own). Tests pass a fake one driven by a fake
 * clock.
 */
public interface Timers extends AutoCloseable {

    /** Runs {@code task} once after {@code delay}, unless cancelled first. */
    Timer schedule(Duration delay, Runnable task);

    /** One scheduled task. */
    @FunctionalInterface
    interface Timer {
        /** Cancels the task if it has not run; no effect afterwards. */
        void cancel();
    }

    /** Stops the timer thread; pending tasks never run. Idempotent. */
    @Override
    void close();

    /** Real time: one scheduler thread for the whole host. */
    static Timers system() {
        return new SystemTimers();
    }
}
