package dev.animus.core;

import java.time.Duration;
import java.time.Instant;

/**
 * A clock for tests that moves only when told. The monotonic reading starts where the test says
 * (like {@code System.nanoTime()}, it may be negative); the wall clock is the epoch plus the ticks.
 * Not thread-safe: one test drives it.
 */
final class FakeClock {
    private long ticks;

    FakeClock() {
        this(0);
    }

    FakeClock(long startTicks) {
        this.ticks = startTicks;
    }

    Moment now() {
        return new Moment(ticks, Instant.EPOCH.plusNanos(ticks));
    }

    /** Moves both clocks forward by {@code d} and returns the new now. */
    Moment advance(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("a monotonic clock never goes back: " + d);
        }
        ticks = Math.addExact(ticks, d.toNanos());
        return now();
    }
}
