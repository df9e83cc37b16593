package dev.animus.hooks;

import java.util.List;

/**
 * What became of one lifecycle event: the observers it was queued for, and those whose queue was
 * full (the event was dropped for them and counted). Delivery itself is fire-and-forget.
 */
public record EventDelivery(String event, List<String> queued, List<String> dropped) {
    public EventDelivery {
        queued = List.copyOf(queued);
        dropped = List.copyOf(dropped);
    }
}
