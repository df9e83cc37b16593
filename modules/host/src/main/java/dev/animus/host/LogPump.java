package dev.animus.host;

import dev.animus.rpc.Subscription;
import dev.animus.rpc.SubscriptionEvent;
import java.time.Duration;

/**
 * Hands one plugin process's {@code log/entry} notifications to the host's {@link LogTap} on its
 * own virtual thread, until the process's connection ends (see {@link LogTap} for the buffer).
 */
final class LogPump {
    private LogPump() {}

    /** Starts pumping {@code session}'s entries to {@code tap}; a {@link LogTap#NONE} tap starts nothing. */
    static void start(String plugin, long incarnation, PluginSession session, LogTap tap) {
        if (tap == LogTap.NONE) {
            return;
        }
        Subscription subscription = session.subscribe(LogTap.CAPACITY, "log/entry");
        RuntimeThreads.start("animus-log-" + plugin, () -> pump(plugin, incarnation, subscription, tap));
    }

    private static void pump(String plugin, long incarnation, Subscription subscription, LogTap tap) {
        try (subscription) {
            while (true) {
                switch (subscription.next(Duration.ofSeconds(5))) {
                    case SubscriptionEvent.Delivered d ->
                        tap.accept(new PluginLogLine(
                                plugin, incarnation, d.notification().params()));
                    case SubscriptionEvent.Lagged l -> tap.lost(plugin, l.missed());
                    case SubscriptionEvent.Idle i -> {}
                    case SubscriptionEvent.Ended e -> {
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
