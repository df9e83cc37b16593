package dev.animus.triggers;

import java.util.Objects;
import java.util.Optional;

/**
 * A snapshot of one trigger session for {@code trigger/status}.
 *
 * @param events the well-formed events received (each then counted once under its status)
 * @param malformed the notifications dropped as no event
 * @param restarts the watches started again after a failure
 * @param lastError the last failure of its watch, one line
 */
public record TriggerStatus(
        String plugin,
        TriggerState state,
        long events,
        long dispatched,
        long queued,
        long unmatched,
        long skipped,
        long failed,
        long malformed,
        long restarts,
        Optional<String> lastError) {
    public TriggerStatus {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(lastError, "lastError");
    }
}
