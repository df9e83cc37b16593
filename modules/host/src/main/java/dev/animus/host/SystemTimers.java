package dev.animus.host;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** {@link Timers} on the system clock: one scheduler thread, cancelled tasks removed at once. */
final class SystemTimers implements Timers {
    private final ScheduledThreadPoolExecutor executor;

    SystemTimers() {
        executor = new ScheduledThreadPoolExecutor(1, RuntimeThreads.factory("animus-timers"));
        // Idle timers are re-armed on every request; a cancelled one must not linger in the queue.
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    @Override
    public Timer schedule(Duration delay, Runnable task) {
        ScheduledFuture<?> f = executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
        return () -> f.cancel(false);
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
