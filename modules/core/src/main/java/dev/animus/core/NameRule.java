package dev.animus.core;

import java.util.regex.Pattern;

/**
 * The one rule for plugin and agent names (docs/protocol.md#the-manifest):
 * {@code ^[a-z0-9][a-z0-9._-]{0,63}$}. Manifests, install names, lockfile entries, registry entries
 * and agents all follow it.
 */
public final class NameRule {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    private NameRule() {}

    /** Whether {@code name} is a valid plugin (or agent) name. */
    public static boolean isValid(String name) {
        return name != null && NAME.matcher(name).matches();
    }
}
