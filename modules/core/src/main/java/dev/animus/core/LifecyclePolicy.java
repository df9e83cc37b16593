package dev.animus.core;

import java.time.Duration;
import java.util.Objects;

/**
 * The knobs of one plugin's process lifecycle.
 *
 * @param crashLimit crashes within {@code crashSpan} that disable the plugin
 * @param crashSpan the sliding crash window
 * @param idleTimeout time in Ready with nothing in flight before a graceful shutdown
 */
public record LifecyclePolicy(int crashLimit, Duration crashSpan, Duration idleTimeout) {
    public static final Duration DEFAULT_IDLE = Duration.ofMinutes(5);

    public LifecyclePolicy {
        Objects.requireNonNull(crashSpan, "crashSpan");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        CrashWindow.of(crashLimit, crashSpan); // validates both
        if (idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be positive, got " + idleTimeout);
        }
    }

    /** 5 crashes in 5 minutes; 5 minutes idle. */
    public static LifecyclePolicy defaults() {
        return new LifecyclePolicy(CrashWindow.DEFAULT_LIMIT, CrashWindow.DEFAULT_SPAN, DEFAULT_IDLE);
    }

    public LifecyclePolicy withIdleTimeout(Duration idle) {
        return new LifecyclePolicy(crashLimit, crashSpan, idle);
    }

    public LifecyclePolicy withCrashThreshold(int limit, Duration span) {
        return new LifecyclePolicy(limit, span, idleTimeout);
    }
}
