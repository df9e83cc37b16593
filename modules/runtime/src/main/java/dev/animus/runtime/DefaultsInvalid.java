package dev.animus.runtime;

/**
 * A {@code defaults.toml} that cannot be used (docs/operations.md#default-plugins): the message
 * names the file and the key, and what to write instead.
 */
public final class DefaultsInvalid extends IllegalArgumentException implements UseCaseFailure {
    private static final long serialVersionUID = 1L;

    DefaultsInvalid(String origin, String key, String what) {
        super(origin + ": " + (key.isEmpty() ? "" : key + ": ") + what);
    }
}
