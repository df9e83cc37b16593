package dev.animus.control;

import dev.animus.rpc.Notification;
import dev.animus.rpc.Subscription;
import dev.animus.rpc.SubscriptionEvent;
import java.time.Duration;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A stream the client follows ({@link ControlClient#follow}): its values in order, a lag signal,
 * and its end. Meant for one consuming thread; {@link #close()} (which cancels the stream at the
 * daemon) from any thread.
 */
public final class ControlSubscription implements AutoCloseable {
    private final String id;
    private final String event;
    private final Runnable cancel;
    private final Subscription notifications;
    private volatile String closedReason;

    ControlSubscription(String id, String event, Runnable cancel, Subscription notifications) {
        this.id = id;
        this.event = event;
        this.cancel = cancel;
        this.notifications = notifications;
    }

    /** The subscription id the daemon gave. */
    public String id() {
        return id;
    }

    /**
     * The next event of this stream, waiting up to {@code timeout}.
     *
     * @return empty when nothing arrived in time; {@link StreamEvent.Closed} once ended (and ever after)
     * @throws InterruptedException when interrupted while waiting
     */
    public Optional<StreamEvent> next(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (closedReason != null) {
                return Optional.of(new StreamEvent.Closed(closedReason));
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Optional.empty();
            }
            switch (notifications.next(Duration.ofNanos(left))) {
                case SubscriptionEvent.Delivered d -> {
                    Optional<StreamEvent> mine = ofMine(d.notification());
                    if (mine.isPresent()) {
                        return mine;
                    }
                }
                case SubscriptionEvent.Lagged l -> {
                    return Optional.of(new StreamEvent.Lagged(l.missed()));
                }
                case SubscriptionEvent.Idle i -> {
                    return Optional.empty();
                }
                case SubscriptionEvent.Ended e -> {
                    closedReason = e.cause().getMessage();
                    return Optional.of(new StreamEvent.Closed(closedReason));
                }
            }
        }
    }

    private Optional<StreamEvent> ofMine(Notification n) {
        JsonNode p = n.params();
        if (!id.equals(p.path("subscription").asString(""))) {
            return Optional.empty();
        }
        if (n.method().equals("subscription/closed")) {
            closedReason = p.path("reason").asString("closed");
            return Optional.of(new StreamEvent.Closed(closedReason));
        }
        if (!n.method().equals(event)) {
            return Optional.empty();
        }
        if (p.has("lagged")) {
            return Optional.of(
                    new StreamEvent.Lagged(p.path("lagged").path("missed").asLong(0)));
        }
        return Optional.of(new StreamEvent.Data(p.path("data")));
    }

    /** Stops following: cancels the stream at the daemon and frees the buffer; idempotent. */
    @Override
    public void close() {
        if (closedReason == null) {
            closedReason = "closed by the client";
            cancel.run();
        }
        notifications.close();
    }
}
