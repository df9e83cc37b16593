package dev.animus.rpc;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Writes frames to a stream (docs/protocol.md#framing): compact JSON, one frame per line
 * ({@code '\n'} after each), never interleaved, flushed as soon as written, and with a bounded
 * write time after which the writer is dead.
 *
 * <p>How: a frame is serialized under one lock into a shared buffer; then one thread at a time
 * (the <em>flusher</em>) hands the buffer to the stream and flushes it, outside the lock. A writer
 * that arrives while another thread flushes appends its frame and waits until the flusher has
 * pushed it, so concurrent writers share one system call (the last one in, in effect, flushes for
 * all) and a write that returns has reached the stream. Writes from the thread named by
 * {@link #deferFlushesOn(Thread)} (a connection's reader thread) only append; they reach the
 * stream at {@link #flushDeferred()}, called when the reader finished a chunk, so the answers to a
 * burst of messages leave in one write (Netty's flush at the end of a read). The buffer is bounded:
 * past 1 MiB, writers wait for the flusher.
 *
 * <p>A push that blocks longer than the write timeout (the peer stopped reading) kills the writer:
 * see {@link WriteWatchdog}. A frame written with a {@link WriteDeadline} (a request, with its
 * call's deadline) is bounded by that too: if the deadline passes before the frame reached the
 * stream, whether its own push blocks or it waits behind another, the writer dies then, with
 * {@link WriteDeadline#missed}. The stream may hold part of a frame by then, so nothing could be
 * written after it anyway. Death, by timeout, by an I/O error or by {@link #close()}, is final:
 * waiting and later writes throw the same {@link ConnectionLost}, frames not yet pushed are
 * dropped, the stream is closed (from another thread if a push is blocked on it, which unblocks
 * channels and pipes that support asynchronous close), and the death listener runs once.
 *
 * <p>Thread-safe.
 */
public final class FrameWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FrameWriter.class);
    private static final int HIGH_WATER = 1024 * 1024;

    private final OutputStream out;
    private final Duration writeTimeout;
    private final String peerName;
    private final Consumer<ConnectionLost> onDeath;
    /** Counted down once the death listener returned. */
    private final CountDownLatch listenerTold = new CountDownLatch(1);
    /** The thread that announces the death (and calls the listener). */
    private volatile Thread announcer;
    /** How long a failing writer waits for the listener before it throws anyway. */
    private static final Duration LISTENER_WAIT = Duration.ofSeconds(5);

    private final WriteWatchdog watchdog;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition pushed = lock.newCondition();
    private final AtomicBoolean announced = new AtomicBoolean();

    private ByteSink pending = new ByteSink();
    private ByteSink spare = new ByteSink();
    private boolean flushing;
    private long appendedFrames;
    private long pushedFrames;
    /** The earliest deadline of the frames in {@code pending}. */
    private WriteDeadline pendingDeadline = WriteDeadline.NONE;
    /** The earliest deadline of the batch being pushed, and when its push started (for the stall message). */
    private volatile WriteDeadline pushDeadline = WriteDeadline.NONE;

    private volatile long pushStartedAt;
    private volatile ConnectionLost dead;
    private volatile Thread deferringThread;

    /** A writer whose errors name the peer {@code "peer"} and that tells nobody when it dies. */
    public FrameWriter(OutputStream out, Duration writeTimeout) {
        this(out, writeTimeout, "peer", cause -> {});
    }

    /**
     * @param out the peer's input; owned by the writer from now on
     * @param writeTimeout how long one push to the stream may block; positive
     * @param peerName names the peer in error messages
     * @param onDeath called once, with the cause, when the writer dies (not on the lock)
     */
    public FrameWriter(OutputStream out, Duration writeTimeout, String peerName, Consumer<ConnectionLost> onDeath) {
        this.out = Objects.requireNonNull(out, "out");
        this.writeTimeout = Objects.requireNonNull(writeTimeout, "writeTimeout");
        this.peerName = Objects.requireNonNull(peerName, "peerName");
        this.onDeath = Objects.requireNonNull(onDeath, "onDeath");
        if (writeTimeout.isNegative() || writeTimeout.isZero()) {
            throw new IllegalArgumentException("writeTimeout must be positive: " + writeTimeout);
        }
        this.watchdog = new WriteWatchdog(writeTimeout.toNanos(), this::stalled);
    }

    /**
     * Writes one frame and returns once it reached the stream (deferred writes: once buffered).
     *
     * @param frame a JSON object or array
     * @throws ConnectionLost if the writer is dead or dies before the frame was pushed (an I/O error,
     *     or the push blocked past the write timeout)
     * @throws IllegalArgumentException if the frame is not a container or cannot be serialized
     */
    public void write(JsonNode frame) {
        write(frame, WriteDeadline.NONE);
    }

    /**
     * {@link #write(JsonNode)}, waiting at most until {@code deadline} for the frame to reach the
     * stream: past it the writer dies with {@link WriteDeadline#missed} and this throws that.
     */
    void write(JsonNode frame, WriteDeadline deadline) {
        Objects.requireNonNull(frame, "frame");
        Objects.requireNonNull(deadline, "deadline");
        if (!frame.isContainer()) {
            throw new IllegalArgumentException("a frame is a JSON object or array, not " + frame.getNodeType());
        }
        ConnectionLost failure;
        lock.lock();
        try {
            long mine = append(frame, deadline);
            if (mine == 0) {
                failure = dead;
            } else if (Thread.currentThread() == deferringThread && pending.size() < HIGH_WATER) {
                return;
            } else if (flushing) {
                failure = awaitPushed(mine, deadline);
                if (failure == null) {
                    return;
                }
            } else {
                failure = drain();
            }
        } finally {
            lock.unlock();
        }
        throwIfDied(failure);
    }

    /** From now on, frames written by {@code thread} wait in the buffer until {@link #flushDeferred()}. */
    public void deferFlushesOn(Thread thread) {
        deferringThread = Objects.requireNonNull(thread, "thread");
    }

    /**
     * Pushes buffered frames, if any and if no other thread is pushing them already.
     *
     * @throws ConnectionLost if the push fails or times out
     */
    public void flushDeferred() {
        ConnectionLost failure;
        lock.lock();
        try {
            if (flushing || pending.size() == 0 || dead != null) {
                return;
            }
            failure = drain();
        } finally {
            lock.unlock();
        }
        throwIfDied(failure);
    }

    /** Frames accepted so far (pushed or waiting to be). */
    public long framesWritten() {
        lock.lock();
        try {
            return appendedFrames;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the writer is still alive. */
    public boolean isAlive() {
        return dead == null;
    }

    /** Kills the writer with {@code ConnectionLost("writer closed")}; idempotent. */
    @Override
    public void close() {
        kill(new ConnectionLost("writer to " + peerName + " closed"));
    }

    /** Kills the writer with {@code cause} unless it is already dead; does not block. */
    void kill(ConnectionLost cause) {
        lock.lock();
        try {
            if (dead == null) {
                dead = cause;
                pushed.signalAll();
            }
        } finally {
            lock.unlock();
        }
        announce(dead);
    }

    /** Appends the frame; returns its number, or 0 if the writer is (or died while waiting) dead. */
    private long append(JsonNode frame, WriteDeadline deadline) {
        boolean interrupted = false;
        while (dead == null && flushing && pending.size() >= HIGH_WATER) {
            interrupted |= awaitPush(deadline);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (dead != null) {
            return 0;
        }
        int before = pending.size();
        try {
            CompactJson.write(frame, pending);
        } catch (JacksonException e) {
            pending.truncate(before);
            throw new IllegalArgumentException("frame cannot be serialized: " + e.getOriginalMessage(), e);
        }
        pending.write('\n');
        pendingDeadline = pendingDeadline.earlier(deadline);
        return ++appendedFrames;
    }

    /** Waits until another thread pushed frame number {@code frame}; the cause if the writer died first. */
    private ConnectionLost awaitPushed(long frame, WriteDeadline deadline) {
        boolean interrupted = false;
        while (pushedFrames < frame && dead == null) {
            interrupted |= awaitPush(deadline);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return pushedFrames < frame ? dead : null;
    }

    /**
     * Waits (under the lock) for the flusher to signal progress, at most until {@code deadline};
     * once that passed, kills the writer instead: the peer did not take the frame in time. Returns
     * whether the thread was interrupted meanwhile (the wait goes on; the caller restores the flag).
     */
    private boolean awaitPush(WriteDeadline deadline) {
        if (deadline.isNone()) {
            pushed.awaitUninterruptibly();
            return false;
        }
        long left = deadline.leftAt(System.nanoTime());
        if (left <= 0) {
            if (dead == null) {
                dead = deadline.missed(peerName);
                pushed.signalAll();
            }
            return false;
        }
        try {
            pushed.awaitNanos(left);
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }

    /** Pushes until the buffer is empty; returns the cause if the writer is (or became) dead. */
    private ConnectionLost drain() {
        flushing = true;
        try {
            while (dead == null && pending.size() > 0) {
                ByteSink batch = pending;
                pending = spare;
                spare = batch;
                WriteDeadline batchDeadline = pendingDeadline;
                pendingDeadline = WriteDeadline.NONE;
                long upTo = appendedFrames;
                pushed.signalAll();
                IOException failure;
                lock.unlock();
                try {
                    failure = push(batch, batchDeadline);
                } finally {
                    lock.lock();
                }
                batch.reset();
                if (failure != null && dead == null) {
                    dead = new ConnectionLost("writing to " + peerName + " failed: " + failure.getMessage(), failure);
                } else if (failure == null) {
                    pushedFrames = upTo;
                }
                pushed.signalAll();
            }
            return dead;
        } finally {
            flushing = false;
        }
    }

    /**
     * Hands the batch to the stream. The pushing thread's interrupt flag is cleared for the push and
     * set again after it: an interruptible stream (a channel) closes itself when written by a thread
     * whose flag is set, which would kill the connection for everybody. An interrupt that arrives
     * during the push still closes such a stream; the one writer that is interrupted by design (a
     * cancelled caller's {@code $/cancelRequest}) therefore writes from another thread (see
     * {@code Call}). A child's stdin (a {@code FileOutputStream}) is not interruptible.
     */
    private IOException push(ByteSink batch, WriteDeadline deadline) {
        boolean interrupted = Thread.interrupted();
        pushDeadline = deadline;
        pushStartedAt = System.nanoTime();
        watchdog.started(deadline);
        try {
            out.write(batch.array(), 0, batch.size());
            out.flush();
            return null;
        } catch (IOException e) {
            return e;
        } finally {
            watchdog.finished();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void throwIfDied(ConnectionLost failure) {
        if (failure != null) {
            announce(failure);
            throw failure;
        }
    }

    private void stalled() {
        WriteDeadline deadline = pushDeadline;
        if (!deadline.isNone() && deadline.at() - (pushStartedAt + writeTimeout.toNanos()) < 0) {
            kill(deadline.missed(peerName));
        } else {
            kill(new ConnectionLost(
                    peerName + " stopped reading: a write blocked for more than " + writeTimeout.toMillis() + " ms"));
        }
    }

    /** Once: closes the stream (from another thread if a push is blocked on it) and tells the listener. */
    private void announce(ConnectionLost cause) {
        if (!announced.compareAndSet(false, true)) {
            awaitListenerTold();
            return;
        }
        announcer = Thread.currentThread();
        boolean pushing;
        lock.lock();
        try {
            pushing = flushing;
        } finally {
            lock.unlock();
        }
        if (pushing) {
            RpcThreads.runTask("animus-rpc-close-" + peerName, this::closeStream);
        } else {
            closeStream();
        }
        try {
            onDeath.accept(cause);
        } finally {
            listenerTold.countDown();
        }
    }

    /**
     * A writer that fails because the watchdog closed its stream must not report the death before
     * the listener heard of it (regression: a caller saw the exception while the listener had not
     * been called yet). The announcing thread itself never waits (its listener may write).
     */
    private void awaitListenerTold() {
        if (Thread.currentThread() == announcer) {
            return;
        }
        try {
            if (!listenerTold.await(LISTENER_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.debug("{}: the death listener is still running after {}", peerName, LISTENER_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeStream() {
        try {
            out.close();
        } catch (IOException e) {
            LOG.debug("{}: closing the output stream failed: {}", peerName, e.toString());
        }
    }
}
