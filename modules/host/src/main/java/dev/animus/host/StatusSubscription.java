package dev.animus.host;

import dev.animus.core.StatusChange;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One subscriber's events, oldest first, in a bounded buffer. Thread-safe; usually read by one
 * thread. States: open → closed ({@link #close()}, idempotent; then nothing more arrives).
 */
public final class StatusSubscription implements AutoCloseable {
    private final Predicate<StatusChange> wanted;
    private final int capacity;
    private final Consumer<StatusSubscription> onClose;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<StatusChange> buffer = new ArrayDeque<>();
    private long lost;
    private boolean closed;

    StatusSubscription(Predicate<StatusChange> wanted, int capacity, Consumer<StatusSubscription> onClose) {
        this.wanted = wanted;
        this.capacity = capacity;
        this.onClose = onClose;
    }

    void offer(StatusChange change) {
        if (!wanted.test(change)) {
            return;
        }
        lock.lock();
        try {
            if (closed) {
                return;
            }
            if (buffer.size() == capacity) {
                buffer.removeFirst();
                lost++;
            }
            buffer.addLast(change);
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The next event, waiting at most {@code timeout}; empty on timeout or once closed. */
    public Optional<StatusChange> next(Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (buffer.isEmpty() && !closed && left > 0) {
                left = arrived.awaitNanos(left);
            }
            return Optional.ofNullable(buffer.pollFirst());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits at most {@code timeout} for an event that matches, dropping the ones before it.
     *
     * @return the event; empty when none matched in time
     */
    public Optional<StatusChange> await(Predicate<StatusChange> match, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Optional.empty();
            }
            Optional<StatusChange> e = next(Duration.ofNanos(left));
            if (e.isPresent() && match.test(e.get())) {
                return e;
            }
        }
    }

    /** Events dropped because this subscriber fell more than {@link StatusEvents#BUFFER} behind. */
    public long lost() {
        lock.lock();
        try {
            return lost;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        onClose.accept(this);
    }
}
