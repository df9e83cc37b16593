package dev.animus.plugins.queue;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The signal that an entry may have become leasable in this process (enqueued, released, retried,
 * taken back by hold), for the {@code queue/lease} calls that wait. A generation counter, so that a
 * signal between a waiter's look at the store and its wait is not lost. Thread-safe.
 */
final class Arrivals {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition moved = lock.newCondition();
    private long generation;

    /** The current generation: read it before looking at the store, pass it to {@link #await}. */
    long generation() {
        lock.lock();
        try {
            return generation;
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every waiter. */
    void signal() {
        lock.lock();
        try {
            generation++;
            moved.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until a signal after generation {@code seen}, or {@code timeout}.
     *
     * @return whether there was a signal
     */
    boolean await(long seen, Duration timeout) throws InterruptedException {
        lock.lock();
        try {
            long left = timeout.toNanos();
            while (generation == seen) {
                if (left <= 0) {
                    return false;
                }
                left = moved.awaitNanos(left);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }
}
