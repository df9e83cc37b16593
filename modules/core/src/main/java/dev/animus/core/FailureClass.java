package dev.animus.core;

/**
 * What a host-side failure means for the process and the request
 * (docs/lifecycle.md#failures-and-retry).
 */
public enum FailureClass {
    /** The plugin answered with an error, or the caller gave up: surfaced untouched, no restart budget spent. */
    STRUCTURED_ERROR,
    /** The process is dead or wedged: respawn and retry the request once, if allowed. */
    DEATH_LIKE,
    /** The host refused before or instead of running the plugin: never retried, no budget spent. */
    REFUSED
}
