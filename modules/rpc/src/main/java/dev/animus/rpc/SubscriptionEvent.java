package dev.animus.rpc;

import java.util.Objects;

/** What {@link Subscription#next} returns. Closed: switch over it without a default. */
public sealed interface SubscriptionEvent {

    /** The next notification, in the order the peer sent it. */
    record Delivered(Notification notification) implements SubscriptionEvent {
        public Delivered {
            Objects.requireNonNull(notification, "notification");
        }
    }

    /**
     * The subscriber fell behind: {@code missed} notifications (the oldest buffered ones) were
     * dropped since the previous read. Reading continues with the oldest notification still held.
     */
    record Lagged(long missed) implements SubscriptionEvent {
        public Lagged {
            if (missed <= 0) {
                throw new IllegalArgumentException("missed must be positive: " + missed);
            }
        }
    }

    /** Nothing arrived within the timeout given to {@link Subscription#next}. */
    record Idle() implements SubscriptionEvent {}

    /**
     * The connection is dead (or the subscription was closed) and every notification buffered
     * before that has been delivered. Every later read returns the same event at once.
     */
    record Ended(ConnectionLost cause) implements SubscriptionEvent {
        public Ended {
            Objects.requireNonNull(cause, "cause");
        }
    }
}
