package dev.animus.shell.render;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Flushes a stream that text reaches in bursts (an agent run's streamed events): at once when the
 * last flush is at least {@link #INTERVAL} ago, else once at the end of that interval. A slow stream
 * (a model's tokens, tens of milliseconds apart) shows every piece the moment it comes; a fast one
 * (a provider writing a million events into a pipe) costs one {@code write(2)} per interval instead
 * of one per event. Nothing written waits longer than the interval. Owns one daemon thread, started
 * at the first deferred flush; {@link #close()} flushes what is left and stops it.
 */
public final class PacedFlush implements AutoCloseable {
    /** The most time between a write and the flush that shows it. */
    public static final Duration INTERVAL = Duration.ofMillis(1);

    /** Runs a task after a delay, on another thread. */
    @FunctionalInterface
    public interface Later {
        void run(Runnable task, long delayNanos);
    }

    private final Runnable flush;
    private final LongSupplier clock;
    private final long interval;
    private final Later later;
    private boolean flushed;
    private long flushedAt;
    private boolean pending;
    private boolean closed;
    private ScheduledThreadPoolExecutor timer;

    /** Paces {@code flush} on {@code clock} (nanoseconds), deferring through {@code later}. */
    public PacedFlush(Runnable flush, LongSupplier clock, Duration interval, Later later) {
        this.flush = Objects.requireNonNull(flush, "flush");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.interval = interval.toNanos();
        this.later = later;
        if (this.interval <= 0) {
            throw new IllegalArgumentException("interval must be positive: " + interval);
        }
    }

    /** Paces {@code flush} on the system's monotonic clock, deferred flushes on a thread of its own. */
    public static PacedFlush of(Runnable flush) {
        return new PacedFlush(flush, System::nanoTime, INTERVAL, null);
    }

    /** Text was written: flushes it now, or at the end of the current interval. */
    public synchronized void wrote() {
        if (closed) {
            flush.run();
            return;
        }
        if (pending) {
            return; // the flush already due takes this text too
        }
        long now = clock.getAsLong();
        if (!flushed || now - flushedAt >= interval) {
            flushNow(now);
            return;
        }
        pending = true;
        defer(flushedAt + interval - now);
    }

    private void defer(long delayNanos) {
        if (later != null) {
            later.run(this::due, delayNanos);
            return;
        }
        if (timer == null) {
            timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "animus-flush");
                t.setDaemon(true);
                return t;
            });
        }
        timer.schedule(this::due, delayNanos, TimeUnit.NANOSECONDS);
    }

    private synchronized void due() {
        if (pending) {
            pending = false;
            flushNow(clock.getAsLong());
        }
    }

    private void flushNow(long now) {
        flush.run();
        flushed = true;
        flushedAt = now;
    }

    /** {@link #finish()}. */
    @Override
    public void close() {
        finish();
    }

    /**
     * Flushes what is still waiting and stops the thread: the stream is over (a later
     * {@link #wrote()} flushes at once). Idempotent.
     */
    public void finish() {
        ScheduledThreadPoolExecutor stopping;
        synchronized (this) {
            closed = true;
            if (pending) {
                pending = false;
                flushNow(clock.getAsLong());
            }
            stopping = timer;
            timer = null;
        }
        if (stopping != null) {
            stopping.shutdownNow();
        }
    }
}
