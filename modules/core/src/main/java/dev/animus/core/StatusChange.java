package dev.animus.core;

import java.time.Instant;
import java.util.Objects;

/**
 * The event {@code plugin_status_changed {plugin, from, to, reason, at}}
 * (docs/lifecycle.md#status-events).
 *
 * @param reason why, in a few words ("request dispatched", "process exited with code 3", ...)
 * @param at wall-clock time of the transition
 * @param notable whether ordinary subscribers get this event, not only the subscribers of every
 *     transition: see {@link #StatusChange(String, ProcessState, ProcessState, String, Instant)}
 */
public record StatusChange(
        String plugin, ProcessState from, ProcessState to, String reason, Instant at, boolean notable) {
    public StatusChange {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(at, "at");
    }

    /**
     * A transition notable as usual: every transition out of Ready, Crashed and Disabled. The
     * others (into Busy's siblings, Launching → Ready, Busy → Ready, Busy → Crashed) go only to
     * subscribers of every transition: whoever caused them hears the outcome from their own request.
     */
    public StatusChange(String plugin, ProcessState from, ProcessState to, String reason, Instant at) {
        this(plugin, from, to, reason, at, usuallyNotable(from));
    }

    /**
     * Whether this is a call's own transition, Ready → Busy or Busy → Ready (or Busy → Busy): the
     * process stays the same one, and the caller hears the outcome from its request. A long-lived
     * observer of processes (the daemon's events and process records) skips them: they come with
     * every call.
     */
    public boolean callTransition() {
        return (from == ProcessState.READY || from == ProcessState.BUSY)
                && (to == ProcessState.READY || to == ProcessState.BUSY);
    }

    /** The same transition, told to ordinary subscribers too (nobody's request reports it). */
    public StatusChange announced() {
        return new StatusChange(plugin, from, to, reason, at, true);
    }

    private static boolean usuallyNotable(ProcessState from) {
        return switch (from) {
            case READY, CRASHED, DISABLED -> true;
            case DISCOVERED, REGISTERED, LAUNCHING, BUSY, TERMINATED -> false;
        };
    }
}
