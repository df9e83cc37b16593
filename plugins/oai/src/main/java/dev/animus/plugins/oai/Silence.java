package dev.animus.plugins.oai;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A watchdog on one stream: when {@link #heard()} is not called for {@code idle}, it runs the
 * expiry action once (which closes the stream) and {@link #expired()} turns true.
 *
 * <p>States: watching (from {@link #start}) → expired or closed. One virtual thread waits on a
 * condition with a deadline; {@link #close()} ends it. Thread-safe.
 */
final class Silence implements AutoCloseable {
    private final long idleNanos;
    private final Runnable onExpiry;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition poked = lock.newCondition();
    private long lastHeard = System.nanoTime();
    private boolean closed;
    private boolean expired;

    private Silence(Duration idle, Runnable onExpiry) {
        this.idleNanos = idle.toNanos();
        this.onExpiry = onExpiry;
    }

    /** Starts watching now. */
    static Silence start(Duration idle, Runnable onExpiry) {
        Silence silence = new Silence(idle, onExpiry);
        Thread.ofVirtual().name("oai-silence").start(silence::watch);
        return silence;
    }

    /** The server just sent something. */
    void heard() {
        lock.lock();
        try {
            lastHeard = System.nanoTime();
        } finally {
            lock.unlock();
        }
    }

    /** Whether the server stayed silent too long (and the stream was closed for it). */
    boolean expired() {
        lock.lock();
        try {
            return expired;
        } finally {
            lock.unlock();
        }
    }

    private void watch() {
        lock.lock();
        try {
            while (!closed) {
                long left = lastHeard + idleNanos - System.nanoTime();
                if (left <= 0) {
                    expired = true;
                    break;
                }
                poked.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } finally {
            lock.unlock();
        }
        if (expiredNow()) {
            onExpiry.run();
        }
    }

    private boolean expiredNow() {
        lock.lock();
        try {
            return expired && !closed;
        } finally {
            lock.unlock();
        }
    }

    /** Idempotent: stops watching. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            poked.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
