package dev.animus.plugins.tasks;

import dev.animus.sdk.RawOutput;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The open {@code subject/watch}es and the one thread that feeds them: it reads the store's change
 * log by row number, so it sees every commit in commit order, this process's and any other's that
 * shares the database, and sends each watch the changes it selects as {@code subject/changed}
 * notifications. It polls every {@code interval}, and at once after a write of this process
 * ({@link #wake}). States: open, then closed ({@link #close}, idempotent), after which no
 * notification is sent. Thread-safe.
 */
final class Watches implements AutoCloseable {
    /** Changes read per poll; more wait for the next round, which follows at once. */
    static final int BATCH = 500;

    private final TaskStore store;
    private final Duration interval;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, Watch> watches = new LinkedHashMap<>();
    private boolean woken;
    private boolean closed;
    private Thread poller;
    private long seen;

    /** One watch: where it sends, what it selects and the change it starts after. */
    record Watch(String watchId, JsonNode requestId, Filter filter, long after, RawOutput out) {
        Watch {
            Objects.requireNonNull(watchId, "watchId");
            Objects.requireNonNull(requestId, "requestId");
            Objects.requireNonNull(filter, "filter");
            Objects.requireNonNull(out, "out");
        }
    }

    Watches(TaskStore store, Duration interval) {
        this.store = Objects.requireNonNull(store, "store");
        this.interval = Objects.requireNonNull(interval, "interval");
    }

    /** The change log's current end: a watch made now starts after it. */
    long now() {
        return store.lastChange();
    }

    /** Starts sending {@code w} the changes after {@code w.after()}. */
    void add(Watch w) {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            if (watches.isEmpty() && poller == null) {
                seen = w.after();
                poller = Threads.start("watch", this::poll);
            }
            seen = Math.min(seen, w.after());
            watches.put(w.watchId(), w);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Stops watch {@code watchId}; unknown ids are ignored (unwatch is best-effort). */
    void remove(String watchId) {
        lock.lock();
        try {
            watches.remove(watchId);
        } finally {
            lock.unlock();
        }
    }

    /** Polls at once: this process just committed a write. */
    void wake() {
        lock.lock();
        try {
            woken = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void poll() {
        while (true) {
            List<Watch> open;
            long from;
            lock.lock();
            try {
                while (!closed && !woken && watches.isEmpty()) {
                    changed.await();
                }
                if (!woken && !closed) {
                    changed.await(interval.toNanos(), TimeUnit.NANOSECONDS);
                }
                if (closed) {
                    return;
                }
                woken = false;
                open = List.copyOf(watches.values());
                from = seen;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                lock.unlock();
            }
            List<Change> changes = store.changesAfter(from, BATCH);
            for (Change c : changes) {
                for (Watch w : open) {
                    if (c.seq() > w.after() && selects(w.filter(), c)) {
                        w.out().send(notification(w, c));
                    }
                }
            }
            lock.lock();
            try {
                if (!changes.isEmpty()) {
                    seen = Math.max(seen, changes.getLast().seq());
                    woken = changes.size() == BATCH;
                }
            } finally {
                lock.unlock();
            }
        }
    }

    private static boolean selects(Filter f, Change c) {
        return c.subject()
                .map(f::matches)
                .orElse(f.kinds().isEmpty() || f.kinds().contains(c.id().kind()));
    }

    private static ObjectNode notification(Watch w, Change c) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode frame = json.objectNode();
        frame.put("jsonrpc", "2.0");
        frame.put("method", "subject/changed");
        ObjectNode params = frame.putObject("params");
        params.set("id", w.requestId());
        params.put("watch_id", w.watchId());
        ObjectNode event = params.putObject("event");
        event.put("id", c.id().toString());
        event.put("change_kind", c.kind());
        event.put("seq", c.seq());
        Optional<Subject> s = c.subject();
        s.ifPresent(subject -> event.set("subject", SubjectCodec.toJson(subject)));
        return frame;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            watches.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
