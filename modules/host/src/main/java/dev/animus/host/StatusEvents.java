package dev.animus.host;

import dev.animus.core.StatusChange;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Fans {@code plugin_status_changed} events out to any number of subscribers. Publishing never
 * blocks: each subscriber has a bounded buffer, and one that falls behind loses its oldest events
 * and is told how many. Thread-safe.
 */
public final class StatusEvents {
    /** Events a subscriber may fall behind by before it loses the oldest. */
    public static final int BUFFER = 1024;

    private final Set<StatusSubscription> subscribers = ConcurrentHashMap.newKeySet();

    StatusEvents() {}

    /** Whether anyone listens (so the hot path can skip building the events' delivery). */
    boolean hasSubscribers() {
        return !subscribers.isEmpty();
    }

    /** Delivers {@code change} to every subscriber that wants it. */
    void publish(StatusChange change) {
        for (StatusSubscription s : subscribers) {
            s.offer(change);
        }
    }

    /**
     * Subscribes from now on.
     *
     * @param everyTransition {@code false}: the notable transitions (out of Ready, Crashed and
     *     Disabled, docs/lifecycle.md#status-events); {@code true}: every transition
     */
    public StatusSubscription subscribe(boolean everyTransition) {
        return subscribe(everyTransition ? change -> true : StatusChange::notable);
    }

    /**
     * Subscribes from now on to the transitions {@code wanted} accepts (tested on the publishing
     * thread: it must be cheap and never block). A transition it refuses wakes nobody.
     */
    public StatusSubscription subscribe(Predicate<StatusChange> wanted) {
        StatusSubscription s =
                new StatusSubscription(Objects.requireNonNull(wanted, "wanted"), BUFFER, subscribers::remove);
        subscribers.add(s);
        return s;
    }
}
