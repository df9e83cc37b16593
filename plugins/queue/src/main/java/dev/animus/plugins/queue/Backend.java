package dev.animus.plugins.queue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The store of one plugin process and the waits of its {@code queue/lease} calls. The database is
 * opened at the first call that needs it, not at start, so that {@code --manifest} and the
 * handshake touch no file. States: unopened, open, closed ({@link #close}, idempotent). Thread-safe.
 */
final class Backend implements AutoCloseable {
    /**
     * The longest a waiting lease sleeps between looks at the store: entries another process
     * enqueued on the same file signal no one here, so a waiter sees them within this bound.
     */
    static final Duration LOOK_AGAIN = Duration.ofSeconds(1);

    private final Path file;
    private final InstantSource clock;
    private final Arrivals arrivals = new Arrivals();
    private final ReentrantLock lock = new ReentrantLock();
    private QueueStore store;
    private boolean closed;

    /** @param file the database, relative to the working directory (the project root under the daemon) */
    Backend(Path file, InstantSource clock) {
        this.file = Objects.requireNonNull(file, "file");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The store, opened (and migrated) on first use. @throws StoreFailed if it cannot be opened */
    QueueStore store() {
        lock.lock();
        try {
            if (closed) {
                throw new StoreFailed("the queue is shutting down");
            }
            if (store == null) {
                store = QueueStore.open(file, clock);
            }
            return store;
        } finally {
            lock.unlock();
        }
    }

    /** Tells waiting leases that an entry may be leasable now. */
    void arrived() {
        arrivals.signal();
    }

    /**
     * {@code queue/lease}: the entries leased at once, or, when there are none and {@code wait} is
     * positive, the first ones leasable within {@code wait}: the call looks again at each signal of
     * this process, when the earliest lease held expires, and at least every {@link #LOOK_AGAIN}.
     * Empty when none came in time.
     *
     * @throws InterruptedException when the request is cancelled while waiting
     */
    List<Entry> lease(Params.Lease p) throws InterruptedException {
        long deadline = System.nanoTime() + p.waitFor().toNanos();
        while (true) {
            long seen = arrivals.generation();
            List<Entry> got = store().lease(p.worker(), p.lease(), p.max());
            long left = deadline - System.nanoTime();
            if (!got.isEmpty() || left <= 0) {
                return got;
            }
            Duration nap = Duration.ofNanos(left);
            if (nap.compareTo(LOOK_AGAIN) > 0) {
                nap = LOOK_AGAIN;
            }
            var expiry = store().earliestExpiry();
            if (expiry.isPresent()) {
                // a lease expires when the clock reaches expires_at: look then (at least 1 ms on)
                Duration until = Duration.between(clock.instant(), expiry.get()).plusMillis(1);
                if (until.compareTo(nap) < 0) {
                    nap = until.isNegative() ? Duration.ofMillis(1) : until;
                }
            }
            arrivals.await(seen, nap);
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
                store.close();
            }
        } finally {
            lock.unlock();
        }
        arrivals.signal();
    }
}
