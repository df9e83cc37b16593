package dev.animus.host;

import dev.animus.rpc.Notification;
import dev.animus.rpc.Subscription;
import dev.animus.rpc.SubscriptionEvent;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Forwards a plugin's notifications to one caller while its request runs, in arrival order, as its
 * {@link NotificationRoute} says: the request's own (its streamed output) and shared ones
 * ({@code log/entry}); another request's are dropped. Owns one virtual thread and the subscription;
 * {@link #close()} delivers what arrived before the answer, all of it, then stops.
 */
final class StreamForwarder implements AutoCloseable {
    /**
     * The subscription's buffer, in notifications. It waits (back-pressure): when the caller takes
     * the stream more slowly than the plugin writes it (a terminal, a pipe), the connection's reader
     * waits for room and with it the plugin's writes, so not a word is lost (bench/provider streams a
     * million events through it). The buffer only smooths bursts.
     */
    static final int CAPACITY = 4096;

    private final Subscription subscription;
    private final long requestId;
    private final Consumer<Notification> sink;
    private final NotificationRoute route;
    private final Thread thread;
    private volatile boolean stopping;
    private volatile boolean forwardedOwn;

    private StreamForwarder(
            Subscription subscription, long requestId, Consumer<Notification> sink, NotificationRoute route) {
        this.subscription = subscription;
        this.requestId = requestId;
        this.sink = sink;
        this.route = route;
        this.thread = RuntimeThreads.start("animus-stream-" + requestId, this::pump);
    }

    /** Starts forwarding; {@code subscription} must have been opened before the request was sent. */
    static StreamForwarder start(
            Subscription subscription, long requestId, Consumer<Notification> sink, NotificationRoute route) {
        return new StreamForwarder(subscription, requestId, sink, route);
    }

    /** Whether any notification of this request itself reached the caller. */
    boolean forwardedOutput() {
        return forwardedOwn;
    }

    private void pump() {
        try {
            while (true) {
                // instanceof, not a pattern switch: a switch's first run bootstraps a class (about a
                // millisecond in a fresh JVM), and the first run here is the stream's first event
                // (docs/performance.md#providers-benchprovider-issue-21)
                SubscriptionEvent event = subscription.next(Duration.ofMillis(50));
                if (event instanceof SubscriptionEvent.Delivered d) {
                    deliver(d.notification());
                } else if (event instanceof SubscriptionEvent.Lagged) {
                    forwardedOwn = true; // something of ours may be lost
                } else if (event instanceof SubscriptionEvent.Ended || stopping) {
                    return; // Ended, or Idle once the answer came
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void deliver(Notification n) {
        switch (route.claim(n, requestId)) {
            case OWN -> {
                forwardedOwn = true;
                sink.accept(n);
            }
            case SHARED -> sink.accept(n);
            case FOREIGN -> {}
        }
    }

    @Override
    public void close() {
        stopping = true;
        subscription.finish(); // the pump delivers what is buffered, then ends at once
        try {
            // no bound: what is still buffered is the request's output, which the sink must get
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            subscription.close();
        }
    }
}
