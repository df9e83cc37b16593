package dev.animus.core;

import java.util.Locale;

/**
 * What one running copy of a plugin is doing right now (docs/lifecycle.md#process-lifecycle). Lives
 * in memory, one per plugin per host process; an app restart resets it.
 */
public enum ProcessState {
    /** Found by discovery; its manifest is not validated yet. */
    DISCOVERED,
    /** Manifest validated; no process. */
    REGISTERED,
    /** Process spawned, handshake in progress. */
    LAUNCHING,
    /** Handshake answered, nothing in flight. */
    READY,
    /** One or more requests in flight (pipelined). */
    BUSY,
    /** The process died or was killed; the next request restarts it. */
    CRASHED,
    /** Shut down gracefully (idle, or the host closing); the next request relaunches it. */
    TERMINATED,
    /** Crash-looped; refuses requests until an operator reset or an app restart. */
    DISABLED;

    /** Whether a process of the plugin may be running in this state. */
    public boolean hasProcess() {
        return switch (this) {
            case LAUNCHING, READY, BUSY -> true;
            case DISCOVERED, REGISTERED, CRASHED, TERMINATED, DISABLED -> false;
        };
    }

    /** The lowercase word used in output ({@code ready}, {@code busy}, ...). */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
