package dev.animus.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * "Now", as the caller read it: a monotonic reading for measuring spans (never goes back, unrelated
 * to the calendar) and the wall-clock instant for what people read. Core never reads a clock; the
 * runtime passes one of these in.
 *
 * @param ticks monotonic nanoseconds (e.g. {@code System.nanoTime()}), only differences matter
 * @param wall the wall-clock time at the same moment
 */
public record Moment(long ticks, Instant wall) {
    public Moment {
        Objects.requireNonNull(wall, "wall");
    }

    /** The span from {@code earlier} to this moment, by the monotonic reading. */
    public Duration since(Moment earlier) {
        return Duration.ofNanos(ticks - earlier.ticks);
    }

    /** This moment moved forward by {@code d} on both clocks (for fake clocks in tests and tools). */
    public Moment plus(Duration d) {
        return new Moment(ticks + d.toNanos(), wall.plus(d));
    }
}
