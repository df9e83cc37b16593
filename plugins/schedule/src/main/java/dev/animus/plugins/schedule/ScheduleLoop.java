package dev.animus.plugins.schedule;

import java.time.Instant;
import java.time.InstantSource;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * One watch's loop: emits the events due now, waits for the next firing, again, until the wakeup
 * says stop (or no schedule ever fires again). Runs on the caller's thread.
 */
final class ScheduleLoop {
    private final Firings firings;
    private final InstantSource clock;
    private final Wakeup wakeup;
    private final Consumer<ObjectNode> events;

    /** @param events receives each firing's {@code trigger/event} params, in firing order */
    ScheduleLoop(Firings firings, InstantSource clock, Wakeup wakeup, Consumer<ObjectNode> events) {
        this.firings = Objects.requireNonNull(firings, "firings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.wakeup = Objects.requireNonNull(wakeup, "wakeup");
        this.events = Objects.requireNonNull(events, "events");
    }

    /** Runs until stopped; an interrupt stops it too (the flag is restored). */
    void run() {
        try {
            while (true) {
                Instant now = clock.instant();
                firings.due(now).forEach(f -> events.accept(firings.event(f)));
                Optional<Instant> next = firings.next(now);
                if (next.isEmpty() || !wakeup.until(next.get())) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
