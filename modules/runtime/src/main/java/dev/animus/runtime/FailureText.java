package dev.animus.runtime;

import dev.animus.core.HostFailure;
import java.util.List;

/** A failure as one line for people: its message, plus the plugin's last stderr line where it has one. */
public final class FailureText {
    private FailureText() {}

    public static String line(HostFailure failure) {
        List<String> tail = switch (failure) {
            case HostFailure.ConnectionLost c -> c.stderrTail();
            case HostFailure.ProcessExited p -> p.stderrTail();
            default -> List.of();
        };
        return tail.isEmpty() ? failure.message() : failure.message() + "; last stderr: " + tail.getLast();
    }
}
