package dev.animus.runtime;

import java.time.Duration;

/** The deadline of one request, on the monotonic clock (waits are real, so this reads real time). */
record Deadline(Duration limit, long endNanos) {

    static Deadline after(Duration limit) {
        long now = System.nanoTime();
        long end = now + limit.toNanos();
        return new Deadline(limit, end < now ? Long.MAX_VALUE : end); // saturate: "no deadline" is a year
    }

    /** Time left; zero once passed. */
    Duration left() {
        return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
    }

    boolean passed() {
        return endNanos - System.nanoTime() <= 0;
    }
}
