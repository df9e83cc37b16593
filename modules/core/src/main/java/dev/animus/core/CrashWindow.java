package dev.animus.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The sliding crash window of docs/lifecycle.md#crash-threshold: on each crash push now, drop
 * entries older than {@code span}, and the threshold is reached when {@code limit} remain.
 * Immutable; times are monotonic ticks (nanoseconds) passed in, so it runs the same on a fake
 * clock.
 *
 * @param limit crashes that disable the plugin (default 5)
 * @param span the window (default 5 minutes)
 * @param crashes ticks of the crashes still inside the window, oldest first
 */
public record CrashWindow(int limit, Duration span, List<Long> crashes) {
    public static final int DEFAULT_LIMIT = 5;
    public static final Duration DEFAULT_SPAN = Duration.ofMinutes(5);

    public CrashWindow {
        if (limit < 1) {
            throw new IllegalArgumentException("crash limit must be at least 1, got " + limit);
        }
        if (span.isNegative() || span.isZero()) {
            throw new IllegalArgumentException("crash window must be positive, got " + span);
        }
        crashes = List.copyOf(crashes);
    }

    /** An empty window with {@code limit} crashes in {@code span}. */
    public static CrashWindow of(int limit, Duration span) {
        return new CrashWindow(limit, span, List.of());
    }

    /** The window after a crash at {@code nowTicks}. */
    public CrashWindow record(long nowTicks) {
        List<Long> kept = new ArrayList<>(inside(nowTicks));
        kept.add(nowTicks);
        return new CrashWindow(limit, span, kept);
    }

    /** Crashes within {@code span} before {@code nowTicks} (one exactly {@code span} old still counts). */
    public int count(long nowTicks) {
        return inside(nowTicks).size();
    }

    /** Whether the last recorded crash reached the threshold. */
    public boolean reached() {
        return crashes.size() >= limit;
    }

    /** The same limits with no crashes (operator reset). */
    public CrashWindow cleared() {
        return of(limit, span);
    }

    private List<Long> inside(long nowTicks) {
        long spanNanos = span.toNanos();
        int first = 0;
        while (first < crashes.size() && nowTicks - crashes.get(first) > spanNanos) {
            first++;
        }
        return crashes.subList(first, crashes.size());
    }
}
