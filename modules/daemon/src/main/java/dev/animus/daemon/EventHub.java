package dev.animus.daemon;

import dev.animus.control.ControlStream;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The daemon's events (docs/daemon.md#events): each one {@code {type, at, ...}}, kept in a ring of
 * the last {@code history} for {@code daemon events} without {@code --follow}, and handed to every
 * following stream (each bounded on its own: a slow follower lags, the hub never waits).
 * Thread-safe.
 */
final class EventHub {
    private final InstantSource clock;
    private final int history;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<JsonNode> recent = new ArrayDeque<>();
    private final Set<ControlStream> followers = ConcurrentHashMap.newKeySet();

    EventHub(InstantSource clock, int history) {
        this.clock = Objects.requireNonNull(clock, "clock");
        if (history <= 0) {
            throw new IllegalArgumentException("history must be positive: " + history);
        }
        this.history = history;
    }

    /** An event of {@code type} with {@code fields}, stamped now. */
    void publish(String type, ObjectNode fields) {
        ObjectNode event = JsonNodeFactory.instance.objectNode();
        event.put("type", type).put("at", clock.instant().toString());
        event.setAll(fields);
        lock.lock();
        try {
            recent.addLast(event);
            while (recent.size() > history) {
                recent.removeFirst();
            }
            // under the lock, so a follower attached with the history sees each event once, in order
            followers.forEach(s -> {
                if (!s.emit(event)) {
                    followers.remove(s);
                }
            });
        } finally {
            lock.unlock();
        }
    }

    /** The recent events, oldest first. */
    List<JsonNode> recent() {
        lock.lock();
        try {
            return List.copyOf(recent);
        } finally {
            lock.unlock();
        }
    }

    /** Sends the recent events to {@code stream}, then every later one until it ends. */
    void follow(ControlStream stream) {
        lock.lock();
        try {
            recent.forEach(stream::emit);
            followers.add(stream);
        } finally {
            lock.unlock();
        }
        stream.whenEnded().thenRun(() -> followers.remove(stream));
    }

    /** Ends every following stream with {@code reason}. */
    void closeAll(String reason, Duration wait) {
        List<ControlStream> ending = List.copyOf(followers);
        followers.clear();
        ending.forEach(s -> s.close(reason));
        // each stream's sender writes subscription/closed on its own thread: wait (bounded) for it, or the
        // connections closing next would end the followers' streams with "connection closed" instead
        try {
            CompletableFuture.allOf(
                            ending.stream().map(ControlStream::whenEnded).toArray(CompletableFuture[]::new))
                    .get(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // a follower that does not read: its connection's close ends it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
