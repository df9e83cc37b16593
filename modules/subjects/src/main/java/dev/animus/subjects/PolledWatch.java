package dev.animus.subjects;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The host's watch of a backend that cannot watch (docs/protocol.md#subjects): a snapshot of the
 * watched subjects when the watch starts, then at every tick a fresh one compared with the last
 * by id. A new id is {@code created}, a vanished one {@code deleted}, a changed status
 * {@code status-changed}, any other change of the subject ({@code updated_at} or a field)
 * {@code updated}; within one tick the events go in id order. A tick whose list fails is
 * skipped (the next one compares with the last good snapshot).
 */
final class PolledWatch implements BackendWatch {
    private final SubjectCalls calls;
    private final SubjectRoute route;
    private final SubjectFilter filter;
    private final Consumer<SubjectChange> sink;
    private final ReentrantLock lock = new ReentrantLock();
    private Map<String, Subject> last;
    private PollScheduler.Ticking ticking;
    private boolean closed;

    private PolledWatch(SubjectCalls calls, SubjectRoute route, SubjectFilter filter, Consumer<SubjectChange> sink) {
        this.calls = calls;
        this.route = route;
        this.filter = filter;
        this.sink = sink;
    }

    static PolledWatch start(
            SubjectCalls calls,
            SubjectRoute route,
            SubjectFilter filter,
            Consumer<SubjectChange> sink,
            Polling polling,
            SubjectWatching owner) {
        PolledWatch w = new PolledWatch(calls, route, filter, sink);
        w.last = w.snapshot();
        w.ticking = polling.scheduler().every(polling.interval(), w::tick);
        return w;
    }

    @Override
    public boolean polled() {
        return true;
    }

    /** Every subject the filter selects, through all of the backend's pages. */
    private Map<String, Subject> snapshot() {
        Map<String, Subject> all = new TreeMap<>();
        Optional<String> cursor = Optional.empty();
        do {
            SubjectPage page = calls.listOne(route, filter.withCursor(cursor));
            page.subjects().forEach(s -> all.put(s.id(), s));
            if (page.nextCursor().equals(cursor)) {
                break; // a backend that repeats its cursor would loop forever
            }
            cursor = page.nextCursor();
        } while (cursor.isPresent());
        return all;
    }

    private void tick() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            Map<String, Subject> now;
            try {
                now = snapshot();
            } catch (RuntimeException e) { // a failed list: this tick is skipped
                return;
            }
            List<SubjectChange> changes = new ArrayList<>();
            TreeMap<String, Boolean> ids = new TreeMap<>();
            last.keySet().forEach(id -> ids.put(id, true));
            now.keySet().forEach(id -> ids.put(id, true));
            for (String id : ids.keySet()) {
                Subject before = last.get(id);
                Subject after = now.get(id);
                if (before == null) {
                    changes.add(change(id, ChangeKind.CREATED, after));
                } else if (after == null) {
                    changes.add(new SubjectChange(id, ChangeKind.DELETED, Optional.empty(), route.plugin()));
                } else if (before.status() != after.status()) {
                    changes.add(change(id, ChangeKind.STATUS_CHANGED, after));
                } else if (!before.json().equals(after.json())) {
                    changes.add(change(id, ChangeKind.UPDATED, after));
                }
            }
            last = now;
            changes.forEach(sink);
        } finally {
            lock.unlock();
        }
    }

    private SubjectChange change(String id, ChangeKind kind, Subject s) {
        return new SubjectChange(id, kind, Optional.of(s), route.plugin());
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
        } finally {
            lock.unlock();
        }
        ticking.close();
    }
}
