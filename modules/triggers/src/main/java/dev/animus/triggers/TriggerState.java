package dev.animus.triggers;

import java.util.Locale;

/**
 * Where a trigger session is: {@code starting} (its first watch not answered yet) → {@code watching}
 * ⇄ {@code backing_off} (a restart delay) → {@code crashed} (the restart policy gave up) or
 * {@code stopped} (closed).
 */
public enum TriggerState {
    STARTING,
    WATCHING,
    BACKING_OFF,
    CRASHED,
    STOPPED;

    /** The word {@code trigger/status} shows. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
