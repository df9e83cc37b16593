package dev.animus.fetch;

import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one deadline of one download, over redirects, headers and body together.
 *
 * <p>Whatever is in flight (a request awaiting its headers, a body being read) is registered with
 * {@link #guard}; when the deadline passes, a virtual thread that waited for it (a timed wait on a
 * latch, not a polling loop) aborts that, which wakes the downloading thread with a failure that
 * {@link #failure} then reports as {@link FetchFailed.Reason#DEADLINE}.
 *
 * <p>States: running → finished (in time) or expired, whichever comes first, once. {@link #close()}
 * finishes it and ends the waiting thread. Thread-safe.
 */
final class Deadline implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Deadline.class);

    private enum State {
        RUNNING,
        FINISHED,
        EXPIRED
    }

    private final Duration length;
    private final long endNanos;
    private final CountDownLatch over = new CountDownLatch(1);
    private final ReentrantLock lock = new ReentrantLock();
    private State state = State.RUNNING;
    private Runnable abort = () -> {};

    private Deadline(Duration length) {
        this.length = length;
        this.endNanos = System.nanoTime() + length.toNanos();
    }

    /** A deadline {@code length} from now, watched from now on. */
    static Deadline start(Duration length) {
        Deadline deadline = new Deadline(length);
        FetchThreads.deadline(deadline::watch);
        return deadline;
    }

    /** The time left; zero or negative once passed. */
    Duration remaining() {
        return Duration.ofNanos(endNanos - System.nanoTime());
    }

    /** Makes {@code abort} what the deadline aborts from now on; runs it at once if already expired. */
    void guard(Runnable abort) {
        lock.lock();
        try {
            if (state != State.EXPIRED) {
                this.abort = abort;
                return;
            }
        } finally {
            lock.unlock();
        }
        abort.run();
    }

    /** Whether the deadline passed before the download finished. */
    boolean expired() {
        lock.lock();
        try {
            return state == State.EXPIRED;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Marks the download complete, unless the deadline passed first.
     *
     * @throws FetchFailed with {@link FetchFailed.Reason#DEADLINE} if it did: whatever was read may
     *     have been cut short by the abort
     */
    void complete(URI uri) {
        lock.lock();
        try {
            if (state == State.RUNNING) {
                state = State.FINISHED;
            }
            if (state == State.EXPIRED) {
                throw FetchFailed.deadline(uri, length);
            }
        } finally {
            lock.unlock();
        }
        over.countDown();
    }

    /** How a failure of the request to {@code uri} is reported: the deadline, if it caused it. */
    FetchFailed failure(URI uri, Throwable cause) {
        if (cause instanceof FetchFailed f) {
            return f;
        }
        if (expired() || cause instanceof HttpTimeoutException) {
            return FetchFailed.deadline(uri, length);
        }
        return FetchFailed.network(uri, cause);
    }

    /** The deadline for messages. */
    FetchFailed passed(URI uri) {
        return FetchFailed.deadline(uri, length);
    }

    /** Finishes the deadline (if still running) and ends the waiting thread. Idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (state == State.RUNNING) {
                state = State.FINISHED;
            }
        } finally {
            lock.unlock();
        }
        over.countDown();
    }

    private void watch() {
        try {
            if (over.await(endNanos - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        Runnable toAbort;
        lock.lock();
        try {
            if (state != State.RUNNING) {
                return;
            }
            state = State.EXPIRED;
            toAbort = abort;
        } finally {
            lock.unlock();
        }
        LOG.debug("download deadline of {} passed: aborting", length);
        toAbort.run();
    }
}
