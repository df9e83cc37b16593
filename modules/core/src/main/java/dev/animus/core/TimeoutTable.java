package dev.animus.core;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One plugin's deadlines: the defaults of docs/lifecycle.md#deadlines, overridden by the manifest's
 * {@code timeouts} table (keys {@code launch}, {@code idle}, {@code default} and method names).
 * A per-call deadline, where a caller gives one, wins over all of these.
 *
 * @param overrides the manifest's table, as given (validated: positive durations, no blank keys)
 */
public record TimeoutTable(Map<String, Duration> overrides) {
    public static final String LAUNCH = "launch";
    public static final String IDLE = "idle";
    public static final String DEFAULT = "default";

    public TimeoutTable {
        overrides = Map.copyOf(new TreeMap<>(overrides));
        overrides.forEach((key, d) -> {
            if (key.isBlank()) {
                throw new IllegalArgumentException("timeouts: a key is blank");
            }
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeouts." + key + " must be positive, got " + d);
            }
        });
    }

    /** The built-in defaults only. */
    public static TimeoutTable defaults() {
        return new TimeoutTable(Map.of());
    }

    /** This table with {@code key} set to {@code d}. */
    public TimeoutTable with(String key, Duration d) {
        var copy = new TreeMap<>(overrides);
        copy.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(d, "d"));
        return new TimeoutTable(copy);
    }

    /** Spawn until {@code initialize} answered. */
    public Duration launch() {
        return overrides.getOrDefault(LAUNCH, MethodTimeouts.LAUNCH);
    }

    /** Time in Ready before a graceful shutdown. */
    public Duration idle() {
        return overrides.getOrDefault(IDLE, LifecyclePolicy.DEFAULT_IDLE);
    }

    /**
     * The deadline of {@code method}: its own entry, else the built-in default of methods with a
     * specific one ({@code $/ping}, {@code agent/run}, subject verbs...), else {@code default},
     * else 30 s. Empty means no deadline ({@code trigger/watch}).
     */
    public Optional<Duration> forMethod(String method) {
        Duration own = overrides.get(Objects.requireNonNull(method, "method"));
        if (own != null) {
            return Optional.of(own);
        }
        if (!MethodTimeouts.hasOwnDefault(method) && overrides.containsKey(DEFAULT)) {
            return Optional.of(overrides.get(DEFAULT));
        }
        return MethodTimeouts.defaultFor(method);
    }
}
