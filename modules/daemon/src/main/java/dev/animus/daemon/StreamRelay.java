package dev.animus.daemon;

import dev.animus.control.ControlStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;

/**
 * Holds the first values of a stream whose producer starts before the client's stream is open (an
 * agent run's events, a watch's changes), then hands each to the stream in order: nothing is lost
 * between starting the work and acknowledging the request.
 */
final class StreamRelay {
    private final ReentrantLock lock = new ReentrantLock();
    private List<JsonNode> early = new ArrayList<>();
    private ControlStream stream;

    /** One value: held until {@link #attach}, then emitted at once. */
    void accept(JsonNode value) {
        lock.lock();
        try {
            if (stream == null) {
                early.add(value);
            } else {
                stream.emit(value);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Emits {@code first} (when given), then the held values, then lets every later value through. */
    void attach(ControlStream s, List<JsonNode> first) {
        lock.lock();
        try {
            first.forEach(s::emit);
            early.forEach(s::emit);
            early = List.of();
            stream = s;
        } finally {
            lock.unlock();
        }
    }
}
