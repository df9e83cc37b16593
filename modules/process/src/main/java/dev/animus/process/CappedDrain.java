package dev.animus.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one output pipe of a probe to its end on a platform thread (see ProcessThreads), counting every byte against a
 * cap and keeping the last {@code keep} bytes. The byte that would pass the cap is not kept: the
 * drain stops reading, runs its overflow action (which kills the tree) and closes the pipe. So
 * at most {@code keep} bytes plus one read chunk are ever held.
 *
 * <p>Thread-safe: the drain thread writes, any thread reads a snapshot or waits for the end.
 */
final class CappedDrain {
    /** Bytes asked for in one read. */
    static final int CHUNK = 8192;

    private static final Logger LOG = LoggerFactory.getLogger(CappedDrain.class);

    private final int cap;
    private final int keep;
    private final Runnable onOverflow;
    private final ReentrantLock lock = new ReentrantLock();
    private final CountDownLatch ended = new CountDownLatch(1);
    private byte[] kept = new byte[0];
    private int length;
    private long total;

    private CappedDrain(int cap, int keep, Runnable onOverflow) {
        this.cap = cap;
        this.keep = Math.min(cap, keep);
        this.onOverflow = onOverflow;
    }

    /**
     * Starts draining {@code in} on a platform thread (see ProcessThreads) called {@code threadName}.
     *
     * @param cap        the most bytes accepted in all
     * @param keep       how many of the last bytes to keep (at most {@code cap})
     * @param onOverflow run once, on the drain thread, when the cap is passed
     */
    static CappedDrain start(String threadName, InputStream in, int cap, int keep, Runnable onOverflow) {
        CappedDrain drain = new CappedDrain(cap, keep, onOverflow);
        ProcessThreads.startStderrDrain(() -> {
            Thread.currentThread().setName(threadName);
            drain.run(in, threadName);
        });
        return drain;
    }

    private void run(InputStream in, String name) {
        byte[] chunk = new byte[CHUNK];
        try (in) {
            int n;
            while ((n = in.read(chunk)) >= 0) {
                if (!append(chunk, n)) {
                    LOG.debug("{}: more than {} bytes, reading stops", name, cap);
                    onOverflow.run();
                    return;
                }
            }
        } catch (IOException e) {
            // the stream was closed under us (the JDK closes it when the process is reaped)
            LOG.debug("{}: {}", name, e.getMessage());
        } finally {
            ended.countDown();
        }
    }

    /** Keeps {@code n} bytes of {@code chunk}, or returns false (keeping none) if they pass the cap. */
    private boolean append(byte[] chunk, int n) {
        lock.lock();
        try {
            if (total + n > cap) {
                return false;
            }
            total += n;
            if (n >= keep) {
                grow(keep);
                System.arraycopy(chunk, n - keep, kept, 0, keep);
                length = keep;
                return true;
            }
            int drop = Math.max(0, length + n - keep);
            if (drop > 0) {
                System.arraycopy(kept, drop, kept, 0, length - drop);
                length -= drop;
            }
            grow(length + n);
            System.arraycopy(chunk, 0, kept, length, n);
            length += n;
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void grow(int needed) {
        if (kept.length < needed) {
            kept = Arrays.copyOf(kept, Math.min(keep, Math.max(needed, kept.length * 2)));
        }
    }

    /** The kept bytes decoded as UTF-8; malformed input becomes U+FFFD. */
    String text() {
        lock.lock();
        try {
            return new String(kept, 0, length, StandardCharsets.UTF_8);
        } finally {
            lock.unlock();
        }
    }

    /** Whether bytes before the kept ones were dropped (so the kept text may start mid-line). */
    boolean headDropped() {
        lock.lock();
        try {
            return total > length;
        } finally {
            lock.unlock();
        }
    }

    /** Waits up to {@code bound} for the end of the pipe; returns whether it came. */
    boolean awaitEnd(Duration bound) throws InterruptedException {
        return ended.await(bound.toNanos(), TimeUnit.NANOSECONDS);
    }
}
