package dev.animus.shell;

import dev.animus.rpc.Subscription;
import dev.animus.rpc.SubscriptionEvent;
import java.time.Duration;

/**
 * Prints a plugin's notifications ({@code $/progress}, {@code log/entry}, ...) on stderr while a
 * {@code --verbose} command waits for its answer, one line each. Owns one virtual thread; closing
 * it stops the thread and the subscription.
 */
final class NotificationEcho implements AutoCloseable {
    private final Subscription subscription;
    private final Thread thread;
    private volatile boolean stopping;

    private NotificationEcho(Subscription subscription, Terminal terminal) {
        this.subscription = subscription;
        this.thread = Thread.ofVirtual().name("animus-notifications").start(() -> pump(terminal));
    }

    static NotificationEcho start(Subscription subscription, Terminal terminal) {
        return new NotificationEcho(subscription, terminal);
    }

    private void pump(Terminal terminal) {
        try {
            while (true) {
                switch (subscription.next(Duration.ofMillis(50))) {
                    case SubscriptionEvent.Delivered d ->
                        terminal.info("notification " + d.notification().method() + " " + d.notification().params());
                    case SubscriptionEvent.Lagged l -> terminal.info("(" + l.missed() + " notifications missed)");
                    case SubscriptionEvent.Idle i -> {
                        if (stopping) {
                            return; // everything that arrived before the answer is printed
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

    /** Prints what already arrived, then stops. */
    @Override
    public void close() {
        stopping = true;
        try {
            thread.join(Duration.ofSeconds(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            subscription.close();
        }
    }
}
