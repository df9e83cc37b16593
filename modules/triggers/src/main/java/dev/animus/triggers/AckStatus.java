package dev.animus.triggers;

import java.util.Locale;

/**
 * The status a {@code trigger/ack} carries (docs/protocol.md#triggers). The cursor is advanced for
 * {@link #DISPATCHED}, {@link #QUEUED}, {@link #UNMATCHED} and {@link #SKIPPED} only: a failed or
 * interrupted event is delivered again after a restart (at-least-once).
 */
public enum AckStatus {
    /** A subject was created ({@code create_task}). */
    DISPATCHED,
    /** The subject was queued ({@code run_workflow}). */
    QUEUED,
    /** No action hint, or one the host does not know: recorded, nothing done. */
    UNMATCHED,
    /** An {@code event_id} seen before (within the dedup window). */
    SKIPPED,
    /** The dispatch failed; the cursor is not advanced. */
    FAILED,
    /** The daemon is stopping; the cursor is not advanced. */
    SHUTDOWN;

    /** The wire word: {@code dispatched}, {@code queued}, .... */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the event counts as handled: its cursor is stored and its id remembered. */
    public boolean advancesCursor() {
        return switch (this) {
            case DISPATCHED, QUEUED, UNMATCHED, SKIPPED -> true;
            case FAILED, SHUTDOWN -> false;
        };
    }
}
