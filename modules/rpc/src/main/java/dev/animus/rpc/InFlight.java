package dev.animus.rpc;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;

/**
 * The peer's requests being handled on one connection, by id, and the bound on how many run at
 * once (docs/protocol.md#the-server-role). The reader admits each request before its handler
 * starts and waits while the bound is reached; a handler's end frees its place. {@link #close()}
 * (the connection's death) admits nothing more and wakes a waiting reader, so the reader can never
 * hold the connection's death up. Thread-safe.
 */
final class InFlight {

    /** What {@link #tryAdmit} and {@link #admit} decided. */
    enum Admission {
        /** Registered: start its handler, and {@link #end} it once the handler returned. */
        ADMITTED,
        /** The bound is reached (only from {@link #tryAdmit}). */
        FULL,
        /** A request with the same id is still being handled. */
        DUPLICATE,
        /** The connection is dead. */
        CLOSED
    }

    private final int max;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition freed = lock.newCondition();
    private final Map<JsonNode, Incoming> running = new HashMap<>();
    private boolean closed;

    InFlight(int max) {
        this.max = max;
    }

    /** Admits {@code request} if there is room; never waits. */
    Admission tryAdmit(Incoming request) {
        lock.lock();
        try {
            return admitLocked(request);
        } finally {
            lock.unlock();
        }
    }

    /** Admits {@code request}, waiting for a free place; returns at once when the connection dies. */
    Admission admit(Incoming request) {
        lock.lock();
        try {
            Admission admission;
            while ((admission = admitLocked(request)) == Admission.FULL) {
                freed.awaitUninterruptibly();
            }
            return admission;
        } finally {
            lock.unlock();
        }
    }

    /** The request being handled with this id (as the peer sent it), or null. */
    Incoming get(JsonNode id) {
        lock.lock();
        try {
            return running.get(id);
        } finally {
            lock.unlock();
        }
    }

    /** The handler of {@code request} returned: its place is free. */
    void end(Incoming request) {
        lock.lock();
        try {
            running.remove(request.id(), request);
            freed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Admits nothing from now on, wakes a waiting reader; returns the requests still being handled. */
    List<Incoming> close() {
        lock.lock();
        try {
            closed = true;
            freed.signalAll();
            return List.copyOf(running.values());
        } finally {
            lock.unlock();
        }
    }

    private Admission admitLocked(Incoming request) {
        if (closed) {
            return Admission.CLOSED;
        }
        if (running.containsKey(request.id())) {
            return Admission.DUPLICATE;
        }
        if (running.size() >= max) {
            return Admission.FULL;
        }
        running.put(request.id(), request);
        return Admission.ADMITTED;
    }
}
