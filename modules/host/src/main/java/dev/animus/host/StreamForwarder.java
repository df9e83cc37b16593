package dev.animus.host;

import dev.animus.rpc.Notification;
import dev.animus.rpc.RpcOptions;
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
     * The subscription's buffer, in notifications: 16384, or the connection's broadcast capacity
     * when {@value RpcOptions#BROADCAST_CAPACITY_ENV} sets more. A full buffer drops the oldest,
     * i.e. streamed text, and a provider streams far faster than a terminal takes it: with the
     * connection's default (256) bench/provider lost most of a million-event stream. A bigger
     * buffer absorbs bursts; only backpressure would make a sustained flood lossless.
     */
    static final int CAPACITY = Math.max(1 << 14, RpcOptions.defaults("stream").broadcastCapacity());

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
                switch (subscription.next(Duration.ofMillis(50))) {
                    case SubscriptionEvent.Delivered d -> deliver(d.notification());
                    case SubscriptionEvent.Lagged l -> forwardedOwn = true; // something of ours may be lost
                    case SubscriptionEvent.Idle i -> {
                        if (stopping) {
                            return;
                        }
                    }
                    case SubscriptionEvent.Ended e -> {
                        return;
                    }
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
        try {
            // no bound: what is still buffered is the request's output, which the sink must get
            // (a slow sink is drained, not cut: the pump ends at the first idle poll after the answer)
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            subscription.close();
        }
    }
}
