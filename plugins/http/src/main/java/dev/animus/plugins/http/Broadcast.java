package dev.animus.plugins.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The browsers of {@code GET /events} and what is sent to them: each {@link #publish}ed frame is
 * offered to every browser's own bounded queue and never waited for; a browser whose queue is full
 * is dropped (its connection closed; EventSource reconnects and the page reads the state anew).
 * At most {@link #MAX_BROWSERS} at once. Memory is bounded: a frame is one string shared by every
 * queue, and nothing is kept per event once every queue let go of it. Thread-safe.
 */
final class Broadcast {
    /** Browsers connected at once; beyond that a new one is answered 503. */
    static final int MAX_BROWSERS = 64;

    private final Set<Browser> browsers = ConcurrentHashMap.newKeySet();
    private final AtomicLong dropped = new AtomicLong();
    private volatile boolean closed;

    /** A new browser's queue; empty when {@link #MAX_BROWSERS} are connected or this is closed. */
    java.util.Optional<Browser> join() {
        if (closed || browsers.size() >= MAX_BROWSERS) {
            return java.util.Optional.empty();
        }
        Browser b = new Browser(this);
        browsers.add(b);
        if (closed) {
            b.leave();
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(b);
    }

    /** Offers {@code event} with {@code json} as its data (one line) to every browser. */
    void publish(String event, String json) {
        String frame = "event: " + event + "\ndata: " + json + "\n\n";
        for (Browser b : browsers) {
            if (!b.offer(frame) && b.drop()) {
                dropped.incrementAndGet();
            }
        }
    }

    void leave(Browser b) {
        browsers.remove(b);
    }

    /** Browsers connected now: a dropped one counts until its connection ended. */
    int size() {
        return browsers.size();
    }

    /** Browsers dropped for lagging since the start. */
    long dropped() {
        return dropped.get();
    }

    /** Drops every browser, and every later one; idempotent. */
    void close() {
        closed = true;
        browsers.forEach(Browser::drop);
    }
}
