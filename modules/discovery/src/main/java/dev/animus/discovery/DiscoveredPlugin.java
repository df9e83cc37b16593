package dev.animus.discovery;

import dev.animus.core.DiscoverySource;
import dev.animus.core.Manifest;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A plugin discovery found and could read.
 *
 * @param name the name it is known by (the registry's, or from its file name)
 * @param executable what to launch
 * @param location where it was found: the executable, or the plugin directory
 * @param sha256 the executable's digest when it was probed (directory plugins are not run to be read)
 * @param cached whether the manifest came from the manifest cache
 */
public record DiscoveredPlugin(
        String name,
        Manifest manifest,
        Path executable,
        Path location,
        DiscoverySource source,
        boolean directoryPlugin,
        Optional<String> sha256,
        boolean cached) {
    public DiscoveredPlugin {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sha256, "sha256");
    }
}
