package dev.animus.triggers;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The restart policy of one trigger session (docs/daemon.md#triggers, decision 040), pure: after
 * consecutive failure {@code k} the watch is started again after {@code min(cap, 2^(k-1) s)}
 * (1, 2, 4, 8, 16 … s); the {@code limit}-th consecutive failure (5 by default) marks the trigger
 * crashed instead, so with the defaults the delays waited are 1, 2, 4 and 8 s and 16 s never is.
 * {@code k} counts the failures since the last run that lasted at least {@code resetAfter}
 * (60 s): the failure that ends such a run is failure 1 again.
 *
 * <p>A failure is a watch that ended (its process exited) or that could not start. Not
 * thread-safe: one session's thread owns it. Once crashed it stays crashed.
 */
public final class Backoff {
    /** Consecutive failures that mark a trigger crashed. */
    public static final int CRASH_LIMIT = 5;
    /** The longest delay. */
    public static final Duration CAP = Duration.ofSeconds(60);
    /** A run at least this long forgets the failures before it. */
    public static final Duration RESET_AFTER = Duration.ofSeconds(60);

    private final int limit;
    private final Duration cap;
    private final Duration resetAfter;
    private int failures;

    private Backoff(int limit, Duration cap, Duration resetAfter) {
        if (limit < 1) {
            throw new IllegalArgumentException("the crash limit must be positive: " + limit);
        }
        this.limit = limit;
        this.cap = requirePositive(cap, "cap");
        this.resetAfter = requirePositive(resetAfter, "resetAfter");
    }

    /** 5 consecutive failures, delays capped at 60 s, reset by a run of 60 s. */
    public static Backoff standard() {
        return new Backoff(CRASH_LIMIT, CAP, RESET_AFTER);
    }

    /** A policy with its own limit, cap and reset span (tests, and a future setting). */
    public static Backoff of(int limit, Duration cap, Duration resetAfter) {
        return new Backoff(limit, cap, resetAfter);
    }

    /** What to do after a failure. Closed. */
    public sealed interface Decision {
        /** The consecutive failures counted, this one included. */
        int failures();
    }

    /** Watch again after {@code delay}. */
    public record Restart(int failures, Duration delay) implements Decision {
        public Restart {
            Objects.requireNonNull(delay, "delay");
        }
    }

    /** No more restarts. */
    public record Crashed(int failures) implements Decision {}

    /**
     * Counts a failure.
     *
     * @param ranFor how long the watch ran before it ended; empty when it never started
     */
    public Decision failed(Optional<Duration> ranFor) {
        Objects.requireNonNull(ranFor, "ranFor");
        if (failures >= limit) {
            return new Crashed(failures);
        }
        if (ranFor.isPresent() && ranFor.get().compareTo(resetAfter) >= 0) {
            failures = 0;
        }
        failures++;
        if (failures >= limit) {
            return new Crashed(failures);
        }
        return new Restart(failures, delay(failures, cap));
    }

    /** The consecutive failures counted now. */
    public int failures() {
        return failures;
    }

    /** Whether the limit was reached. */
    public boolean crashed() {
        return failures >= limit;
    }

    /** {@code min(cap, 2^(k-1) s)} for failure {@code k ≥ 1}. */
    public static Duration delay(int k, Duration cap) {
        if (k < 1) {
            throw new IllegalArgumentException("failures count from 1: " + k);
        }
        if (k > 31) { // 2^30 s is past any cap worth having
            return cap;
        }
        Duration d = Duration.ofSeconds(1L << (k - 1));
        return d.compareTo(cap) > 0 ? cap : d;
    }

    private static Duration requirePositive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive: " + d);
        }
        return d;
    }
}
