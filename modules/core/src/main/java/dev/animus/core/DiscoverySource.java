package dev.animus.core;

import java.util.Locale;

/**
 * Where discovery found a plugin, in precedence order (docs/operations.md#discovery-order): the
 * first source to claim a name keeps it.
 */
public enum DiscoverySource {
    /** Plugins installed into the digest-addressed store (the state document). */
    INSTALLED,
    /** The operator's {@code plugins.toml} entries (any file name). */
    REGISTRY,
    /** {@code <project>/.animus/plugins/}. */
    PROJECT,
    /** The global install dir ({@code $ANIMUS_PLUGIN_DIR}, else {@code <animus_home>/plugins}). */
    GLOBAL,
    /** A directory of {@code $ANIMUS_PLUGIN_PATH}. */
    PLUGIN_PATH,
    /** A directory of {@code $PATH}; only with {@code --include-system-path}. */
    SYSTEM_PATH;

    /** The lowercase word used in output ({@code installed}, {@code registry}, {@code project}, ...). */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
