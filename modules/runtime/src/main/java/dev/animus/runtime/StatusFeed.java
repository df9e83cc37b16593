package dev.animus.runtime;

import dev.animus.core.StatusChange;
import dev.animus.host.StatusSubscription;
import java.time.Duration;
import java.util.Optional;

/** A subscription to the state changes of {@link Plugins}; close it after use. */
public final class StatusFeed implements AutoCloseable {
    private final StatusSubscription subscription;

    StatusFeed(StatusSubscription subscription) {
        this.subscription = subscription;
    }

    /** The next change, waiting up to {@code timeout}; empty when none came (or it was closed). */
    public Optional<StatusChange> next(Duration timeout) throws InterruptedException {
        return subscription.next(timeout);
    }

    @Override
    public void close() {
        subscription.close();
    }
}
