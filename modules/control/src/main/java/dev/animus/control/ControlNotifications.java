package dev.animus.control;

import dev.animus.rpc.Subscription;
import dev.animus.rpc.SubscriptionEvent;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The daemon's notifications of one method that are not a stream (e.g. {@code plugin/notification}
 * during a {@code plugin/call}), as {@link StreamEvent.Data} of their params, in order. For one
 * consuming thread; close it after use.
 */
public final class ControlNotifications implements AutoCloseable {
    private final String method;
    private final Subscription notifications;

    ControlNotifications(String method, Subscription notifications) {
        this.method = method;
        this.notifications = notifications;
    }

    /**
     * The next one, waiting up to {@code timeout}; empty when none came; {@link StreamEvent.Closed}
     * once the connection ended.
     */
    public Optional<StreamEvent> next(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Optional.empty();
            }
            switch (notifications.next(Duration.ofNanos(left))) {
                case SubscriptionEvent.Delivered d -> {
                    if (d.notification().method().equals(method)) {
                        return Optional.of(new StreamEvent.Data(d.notification().params()));
                    }
                }
                case SubscriptionEvent.Lagged l -> {
                    return Optional.of(new StreamEvent.Lagged(l.missed()));
                }
                case SubscriptionEvent.Idle i -> {
                    return Optional.empty();
                }
                case SubscriptionEvent.Ended e -> {
                    return Optional.of(new StreamEvent.Closed(e.cause().getMessage()));
                }
            }
        }
    }

    /** Hands every one already received to {@code sink}, without waiting. */
    public void drain(Consumer<StreamEvent> sink) {
        try {
            while (true) {
                Optional<StreamEvent> e = next(Duration.ofNanos(1));
                if (e.isEmpty() || e.get() instanceof StreamEvent.Closed) {
                    return;
                }
                sink.accept(e.get());
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        notifications.close();
    }
}
