package dev.animus.core;

import java.time.Instant;
import java.util.Objects;

/**
 * The event {@code plugin_status_changed {plugin, from, to, reason, at}}
 * (docs/lifecycle.md#status-events).
 *
 * @param reason why, in a few words ("request dispatched", "process exited with code 3", ...)
 * @param at wall-clock time of the transition
 */
public record StatusChange(String plugin, ProcessState from, ProcessState to, String reason, Instant at) {
    public StatusChange {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(at, "at");
    }

    /**
     * Whether ordinary subscribers get this event: every transition out of Ready, Crashed and
     * Disabled. The others (into Busy's siblings, Launching → Ready, Busy → Ready, Busy → Crashed)
     * go only to subscribers of every transition.
     */
    public boolean notable() {
        return switch (from) {
            case READY, CRASHED, DISABLED -> true;
            case DISCOVERED, REGISTERED, LAUNCHING, BUSY, TERMINATED -> false;
        };
    }
}
