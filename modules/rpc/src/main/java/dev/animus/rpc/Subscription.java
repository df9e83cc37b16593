package dev.animus.rpc;

import java.time.Duration;

/**
 * One subscriber's view of the notifications of a connection, from the moment it subscribed.
 *
 * <p>Each subscription has its own bounded buffer. By default the reader thread never waits for a
 * subscriber: when the buffer is full the oldest notification is dropped and the next read reports
 * {@link SubscriptionEvent.Lagged}. A waiting subscription ({@link RpcConnection#subscribeWaiting})
 * makes the reader wait for room instead, and never lags. Meant for one consuming thread;
 * {@link #finish()} and {@link #close()} may be called from any thread.
 */
public interface Subscription extends AutoCloseable {

    /**
     * The next event, waiting up to {@code timeout} for one.
     *
     * @return a {@link SubscriptionEvent.Lagged} first if notifications were lost, then buffered
     *     notifications in order, {@link SubscriptionEvent.Idle} when the timeout passed, and
     *     {@link SubscriptionEvent.Ended} once the connection is dead and the buffer is drained
     *     (at once after {@link #close()})
     * @throws InterruptedException if interrupted while waiting (the flag is cleared, as usual)
     */
    SubscriptionEvent next(Duration timeout) throws InterruptedException;

    /**
     * Stops receiving: what is buffered is still delivered, then {@link SubscriptionEvent.Ended}
     * (a waiting reader wakes then, not at its next timeout); idempotent.
     */
    void finish();

    /** Stops receiving and frees the buffer; idempotent. */
    @Override
    void close();
}
