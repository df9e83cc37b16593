package dev.animus.daemon;

import dev.animus.control.ControlSubscription;
import dev.animus.control.StreamEvent;
import java.time.Duration;
import java.util.Optional;

/**
 * A daemon stream a front end follows ({@code daemon/events}, {@code daemon/logs}): values in
 * order, a lag signal, the end. For one consuming thread; {@link #close()} cancels it at the daemon.
 */
public final class DaemonStream implements AutoCloseable {
    private final ControlSubscription subscription;

    DaemonStream(ControlSubscription subscription) {
        this.subscription = subscription;
    }

    /**
     * The next event, waiting up to {@code timeout}; empty when none came.
     *
     * @throws InterruptedException when interrupted while waiting
     */
    public Optional<StreamEvent> next(Duration timeout) throws InterruptedException {
        return subscription.next(timeout);
    }

    @Override
    public void close() {
        subscription.close();
    }
}
