package dev.animus.core;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The default deadline of a request by method (docs/lifecycle.md#deadlines). Empty means "no
 * deadline" (long-lived methods such as {@code trigger/watch}).
 */
public final class MethodTimeouts {
    /** Spawn until {@code initialize} answered. */
    public static final Duration LAUNCH = Duration.ofSeconds(2);
    /** Each step of the shutdown sequence. */
    public static final Duration SHUTDOWN_STEP = Duration.ofSeconds(2);
    /** A method without a more specific default. */
    public static final Duration ORDINARY = Duration.ofSeconds(30);

    private MethodTimeouts() {}

    /** The default deadline of {@code method}; empty when it has none. */
    public static Optional<Duration> defaultFor(String method) {
        Objects.requireNonNull(method, "method");
        return switch (method) {
            case "$/ping", "health/check", "shutdown" -> Optional.of(Duration.ofSeconds(2));
            case "agent/run", "agent/resume" -> Optional.of(Duration.ofMinutes(30));
            case "agent/cancel" -> Optional.of(Duration.ofSeconds(10));
            case "trigger/watch" -> Optional.empty();
            default -> Optional.of(isSubjectVerb(method) ? Duration.ofMinutes(2) : ORDINARY);
        };
    }

    /** Whether {@code method} has a default of its own (anything but the ordinary 30 s). */
    public static boolean hasOwnDefault(String method) {
        return switch (Objects.requireNonNull(method, "method")) {
            case "$/ping", "health/check", "shutdown", "agent/run", "agent/resume", "agent/cancel", "trigger/watch" ->
                true;
            default -> isSubjectVerb(method);
        };
    }

    private static boolean isSubjectVerb(String method) {
        int slash = method.indexOf('/');
        if (slash <= 0 || method.startsWith("$/")) {
            return false;
        }
        return switch (method.substring(slash + 1)) {
            case "list", "get", "create", "update", "next", "status" -> true;
            default -> false;
        };
    }
}
