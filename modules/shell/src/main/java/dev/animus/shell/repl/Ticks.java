package dev.animus.shell.repl;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The spinner's clock tower: one virtual thread that runs each task at its period until the task's
 * handle is closed. Owned by one shell session; closing it stops every task.
 */
final class Ticks implements Spinner.Ticker, AutoCloseable {
    /** A ticker that never calls: for a shell whose stderr is not its terminal (no spinner). */
    static final Spinner.Ticker NEVER = (period, tick) -> () -> {};

    private final ScheduledExecutorService executor;

    private Ticks(ScheduledExecutorService executor) {
        this.executor = executor;
    }

    /** A ticker; its thread starts with the first task. */
    static Ticks start() {
        return new Ticks(Executors.newSingleThreadScheduledExecutor(
                Thread.ofVirtual().name("animus-spinner").factory()));
    }

    @Override
    public AutoCloseable every(Duration period, Runnable tick) {
        ScheduledFuture<?> task =
                executor.scheduleAtFixedRate(tick, period.toNanos(), period.toNanos(), TimeUnit.NANOSECONDS);
        return () -> task.cancel(false);
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
