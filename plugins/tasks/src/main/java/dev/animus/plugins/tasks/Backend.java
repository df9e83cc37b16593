package dev.animus.plugins.tasks;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The store and the watches of one plugin process. The database is opened at the first call that
 * needs it, not at start, so that {@code --manifest} and the handshake touch no file. States:
 * unopened, open, closed ({@link #close}, idempotent). Thread-safe.
 */
final class Backend implements AutoCloseable {
    private final Path file;
    private final InstantSource clock;
    private final Duration pollInterval;
    private final ReentrantLock lock = new ReentrantLock();
    private TaskStore store;
    private Watches watches;
    private boolean closed;

    /**
     * @param file the database, relative to the working directory (the project root under the daemon)
     * @param pollInterval how often open watches read the change log for other processes' writes
     */
    Backend(Path file, InstantSource clock, Duration pollInterval) {
        this.file = Objects.requireNonNull(file, "file");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pollInterval = Objects.requireNonNull(pollInterval, "pollInterval");
    }

    /** The store, opened (and migrated) on first use. @throws StoreFailed if it cannot be opened */
    TaskStore store() {
        lock.lock();
        try {
            if (closed) {
                throw new StoreFailed("the tasks backend is shutting down");
            }
            if (store == null) {
                store = TaskStore.open(file, clock);
                watches = new Watches(store, pollInterval);
            }
            return store;
        } finally {
            lock.unlock();
        }
    }

    /** The watches over {@link #store()}. */
    Watches watches() {
        store();
        lock.lock();
        try {
            return watches;
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
            if (store != null) {
                watches.close();
                store.close();
            }
        } finally {
            lock.unlock();
        }
    }
}
