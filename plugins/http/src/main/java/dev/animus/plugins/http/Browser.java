package dev.animus.plugins.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One browser of {@code GET /events}: a queue of at most {@link #CAPACITY} frames that its own
 * thread writes out ({@link #serve}), with a keep-alive comment when nothing came for
 * {@code keepAlive}. Dropping it ({@link #drop}) interrupts that thread: a wait for the queue ends,
 * and so does a write blocked on a browser that stopped reading (the exchange's channel is
 * interruptible: an interrupt closes it). It counts among the {@link Broadcast}'s browsers until
 * its connection ended ({@link #leave}). States: connected → dropped → left. Thread-safe.
 */
final class Browser {
    /** Frames held for a browser that reads slower than events come. */
    static final int CAPACITY = 256;

    private final Broadcast broadcast;
    private final ArrayBlockingQueue<String> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final AtomicBoolean dropped = new AtomicBoolean();
    private volatile Thread writer;

    Browser(Broadcast broadcast) {
        this.broadcast = broadcast;
    }

    /** Queues {@code frame}; false when the queue is full (the browser lags) or it was dropped. */
    boolean offer(String frame) {
        return !dropped.get() && queue.offer(frame);
    }

    /**
     * Writes {@code retry: 1000}, then the frames as they come, to {@code out} until this browser
     * is dropped or the connection fails. Runs on the calling thread (the request's).
     */
    void serve(OutputStream out, Duration keepAlive) {
        writer = Thread.currentThread();
        try {
            if (dropped.get()) {
                return;
            }
            out.write("retry: 1000\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            while (!dropped.get()) {
                String frame = queue.poll(keepAlive.toMillis(), TimeUnit.MILLISECONDS);
                if (frame == null) {
                    out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
                } else {
                    StringBuilder batch = new StringBuilder(frame);
                    // what is queued already goes in the same write: fewer flushes under a burst
                    for (String more; batch.length() < 65_536 && (more = queue.poll()) != null; ) {
                        batch.append(more);
                    }
                    out.write(batch.toString().getBytes(StandardCharsets.UTF_8));
                }
                out.flush();
            }
        } catch (InterruptedException e) {
            // dropped: the connection ends here
        } catch (IOException e) {
            // the browser went away, or was dropped during a write (the interrupt closed the channel)
        } finally {
            drop();
            Thread.interrupted(); // the exchange is closed next, on this thread: not interrupted
        }
    }

    /**
     * Drops this browser: no more frames, its writer stops; idempotent.
     *
     * @return true for the call that dropped it, false when it was dropped already
     */
    boolean drop() {
        if (!dropped.compareAndSet(false, true)) {
            return false;
        }
        queue.clear();
        Thread w = writer;
        if (w != null && w != Thread.currentThread()) {
            w.interrupt();
        }
        return true;
    }

    /** Drops it and leaves the broadcast: its connection is done (called once it ended). */
    void leave() {
        drop();
        broadcast.leave(this);
    }
}
