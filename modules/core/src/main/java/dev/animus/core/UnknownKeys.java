package dev.animus.core;

/**
 * What the validator does with a top-level key docs/protocol.md#the-manifest does not define. Keys
 * inside nested tables ({@code env_required} and {@code secrets} items, {@code network}) are
 * rejected either way.
 */
public enum UnknownKeys {
    /** Refuse the manifest, naming the key (and the known key it looks like): {@code Plugin.toml}. */
    REJECT,
    /** Leave the key out of the model and report one warning for it: {@code --manifest} output. */
    WARN
}
