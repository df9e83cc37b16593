package dev.animus.subjects;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A watch over one or more backends (docs/protocol.md#subjects). It ends on its own once every
 * backend's watch ended (its process exited); closing it unwatches each backend and stops any
 * polling. Thread-safe; {@link #close()} is idempotent.
 */
public final class SubjectWatching implements AutoCloseable {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<BackendWatch> watches = new ArrayList<>();
    private final List<String> reasons = new ArrayList<>();
    private int live;
    private Optional<String> ended = Optional.empty();

    SubjectWatching() {}

    void add(BackendWatch watch) {
        lock.lock();
        try {
            watches.add(watch);
            live++;
        } finally {
            lock.unlock();
        }
    }

    /** One backend's watch ended on its own, for {@code reason}. */
    void ended(String reason) {
        lock.lock();
        try {
            if (ended.isPresent()) {
                return;
            }
            reasons.add(reason);
            if (--live <= 0) {
                ended = Optional.of(String.join("; ", reasons));
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until the watch ended or was closed.
     *
     * @return why it ended ({@code closed} when closed), or empty when {@code timeout} passed first
     */
    public Optional<String> await(Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (ended.isEmpty()) {
                if (left <= 0) {
                    return Optional.empty();
                }
                left = changed.awaitNanos(left);
            }
            return ended;
        } finally {
            lock.unlock();
        }
    }

    /** Whether a backend is polled rather than watched (for status and tests). */
    public boolean polling() {
        lock.lock();
        try {
            return watches.stream().anyMatch(BackendWatch::polled);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        List<BackendWatch> toClose;
        lock.lock();
        try {
            if (ended.isEmpty()) {
                ended = Optional.of("closed");
                changed.signalAll();
            }
            toClose = List.copyOf(watches);
            watches.clear();
        } finally {
            lock.unlock();
        }
        toClose.forEach(BackendWatch::close);
    }
}
