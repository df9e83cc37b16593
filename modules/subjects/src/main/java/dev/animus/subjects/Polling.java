package dev.animus.subjects;

import java.time.Duration;
import java.util.Objects;

/**
 * How the host watches a backend that cannot ({@code subject/watch} answered -32001,
 * docs/protocol.md#subjects): it lists the watched subjects every {@code interval} and emits what
 * changed between two snapshots.
 */
public record Polling(Duration interval, PollScheduler scheduler) {
    /** The interval unless configured otherwise. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(2);

    public Polling {
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(scheduler, "scheduler");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("a polling interval must be positive, got " + interval);
        }
    }

    /** Every 2 s on the system's timer. */
    public static Polling defaults() {
        return new Polling(DEFAULT_INTERVAL, PollScheduler.system());
    }
}
