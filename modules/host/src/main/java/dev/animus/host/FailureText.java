package dev.animus.host;

import dev.animus.core.HostFailure;
import dev.animus.core.OneLine;
import java.util.List;
import java.util.Optional;

/** A failure as one line for people: its message, plus the plugin's last stderr line where it has one. */
public final class FailureText {
    private FailureText() {}

    public static String line(HostFailure failure) {
        return failure.message() + stderrSuffix(failure);
    }

    /** {@code "; last stderr: <line>"}, or empty when the failure carries no stderr. */
    public static String stderrSuffix(HostFailure failure) {
        return lastStderrLine(failure).map(l -> "; last stderr: " + l).orElse("");
    }

    /** The plugin's last stderr line (control characters escaped), for failures of a process that had one. */
    public static Optional<String> lastStderrLine(HostFailure failure) {
        List<String> tail = switch (failure) {
            case HostFailure.ConnectionLost c -> c.stderrTail();
            case HostFailure.ProcessExited p -> p.stderrTail();
            default -> List.of();
        };
        return tail.isEmpty() ? Optional.empty() : Optional.of(OneLine.of(tail.getLast()));
    }
}
