package dev.animus.subjects;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a polling watch's ticks (docs/protocol.md#subjects): the system's timer in production, a
 * test's own hand in tests (which ticks when it says so: no sleeps).
 */
@FunctionalInterface
public interface PollScheduler {

    /** A schedule that can be stopped; idempotent. */
    interface Ticking extends AutoCloseable {
        @Override
        void close();
    }

    /** Runs {@code tick} every {@code interval} (the first one interval from now) until closed. */
    Ticking every(Duration interval, Runnable tick);

    /** One timer thread per polling watch, stopped when it closes. */
    static PollScheduler system() {
        return (interval, tick) -> {
            ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
                    Thread.ofPlatform().daemon().name("animus-subject-poll").factory());
            long ms = Math.max(1, interval.toMillis());
            timer.scheduleWithFixedDelay(tick, ms, ms, TimeUnit.MILLISECONDS);
            return timer::shutdownNow;
        };
    }
}
