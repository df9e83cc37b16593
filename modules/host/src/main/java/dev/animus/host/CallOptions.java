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
 *     output), in arrival order, on one thread; once one of the request's own was forwarded the
 *     request is never retried, since a retry would repeat it
 * @param route which notifications are the request's own, shared or another's
 *     ({@link NotificationRoute#byRequestId()} unless a caller says otherwise)
 * @param onDispatch told which process each attempt is written to, before it is written
 * @param retry whether a death-like failure may be retried once on a fresh process
 */
public record CallOptions(
        Optional<Duration> timeout,
        Optional<Consumer<Notification>> notifications,
        NotificationRoute route,
        Optional<Consumer<Dispatch>> onDispatch,
        boolean retry) {
    public CallOptions {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(notifications, "notifications");
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(onDispatch, "onDispatch");
        timeout.ifPresent(d -> {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, got " + d);
            }
        });
    }

    /** The plugin's deadline, no streamed output, one retry. */
    public static CallOptions defaults() {
        return new CallOptions(
                Optional.empty(), Optional.empty(), NotificationRoute.byRequestId(), Optional.empty(), true);
    }

    public CallOptions withTimeout(Duration d) {
        return new CallOptions(Optional.of(d), notifications, route, onDispatch, retry);
    }

    public CallOptions streamingTo(Consumer<Notification> sink) {
        return new CallOptions(timeout, Optional.of(sink), route, onDispatch, retry);
    }

    /** Streaming to {@code sink} the notifications {@code route} does not call foreign. */
    public CallOptions streamingTo(Consumer<Notification> sink, NotificationRoute route) {
        return new CallOptions(timeout, Optional.of(sink), route, onDispatch, retry);
    }

    /** These options, telling {@code listener} each process the request is written to. */
    public CallOptions onDispatch(Consumer<Dispatch> listener) {
        return new CallOptions(timeout, notifications, route, Optional.of(listener), retry);
    }

    public CallOptions withoutRetry() {
        return new CallOptions(timeout, notifications, route, onDispatch, false);
    }
}
