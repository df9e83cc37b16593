package dev.animus.core;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One thing a discovery source offers under a name, before anything of it is read or run.
 *
 * @param path the executable, or the plugin directory for a directory plugin
 * @param directoryPlugin whether {@code path} is a directory with a {@code Plugin.toml}
 */
public record PluginCandidate(String name, String path, DiscoverySource source, boolean directoryPlugin) {
    /** The names directory scans consider: {@code animus-plugin-<name>} and {@code animus-provider-<name>}. */
    private static final Pattern SCANNED = Pattern.compile("animus-(?:plugin|provider)-([a-z0-9][a-z0-9._-]{0,63})");

    public PluginCandidate {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(source, "source");
    }

    /**
     * The plugin name a directory scan reads from a file name ({@code animus-plugin-echo} →
     * {@code echo}); empty when the file is not a plugin by its name.
     */
    public static Optional<String> nameOfScanned(String fileName) {
        var m = SCANNED.matcher(fileName);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
