package dev.animus.rpc;

import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Fans the peer's notifications out to every subscriber. Each has its own bounded buffer, which
 * drops its oldest entry when full, or, for a waiting subscriber, makes publishing wait for room. Thread-safe; published to
 * by the reader thread only.
 */
final class Broadcast {
    private final CopyOnWriteArrayList<SubscriberQueue> subscribers = new CopyOnWriteArrayList<>();
    private volatile ConnectionLost ended;

    Subscription subscribe(int capacity) {
        return subscribe(capacity, false);
    }

    Subscription subscribe(int capacity, boolean waitsForRoom) {
        return subscribe(new SubscriberQueue(capacity, subscribers::remove, waitsForRoom));
    }

    /** A dropping subscription to the notifications named {@code method} only. */
    Subscription subscribe(int capacity, String method) {
        return subscribe(new SubscriberQueue(
                capacity, subscribers::remove, false, n -> n.method().equals(method)));
    }

    private Subscription subscribe(SubscriberQueue queue) {
        subscribers.add(queue);
        ConnectionLost cause = ended;
        if (cause != null) {
            queue.end(cause);
        }
        return queue;
    }

    /** Delivers to every subscriber; returns how many had to drop a notification to take it. */
    int publish(Notification notification) {
        int lagging = 0;
        for (SubscriberQueue queue : subscribers) {
            if (!queue.offer(notification)) {
                lagging++;
            }
        }
        return lagging;
    }

    /** Ends every subscription (after its buffered notifications) with the connection's cause. */
    void end(ConnectionLost cause) {
        ended = cause;
        for (SubscriberQueue queue : subscribers) {
            queue.end(cause);
        }
    }
}
