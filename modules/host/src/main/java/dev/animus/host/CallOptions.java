package dev.animus.host;

import dev.animus.rpc.Notification;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How one request is made through a {@link Supervisor}.
 *
 * @param timeout the deadline of the request from the moment it is sent to a Ready process (a
 *     launch has its own, the launch timeout; a retry gets a fresh one); empty: the plugin's
 *     deadline for the method (manifest {@code timeouts}, else docs/lifecycle.md#deadlines)
 * @param notifications receives the plugin's notifications while the request runs (streamed
 *     output); once one was forwarded the request is never retried, since a retry would repeat it
 * @param retry whether a death-like failure may be retried once on a fresh process
 */
public record CallOptions(Optional<Duration> timeout, Optional<Consumer<Notification>> notifications, boolean retry) {
    public CallOptions {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(notifications, "notifications");
        timeout.ifPresent(d -> {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, got " + d);
            }
        });
    }

    /** The plugin's deadline, no streamed output, one retry. */
    public static CallOptions defaults() {
        return new CallOptions(Optional.empty(), Optional.empty(), true);
    }

    public CallOptions withTimeout(Duration d) {
        return new CallOptions(Optional.of(d), notifications, retry);
    }

    public CallOptions streamingTo(Consumer<Notification> sink) {
        return new CallOptions(timeout, Optional.of(sink), retry);
    }

    public CallOptions withoutRetry() {
        return new CallOptions(timeout, notifications, false);
    }
}
