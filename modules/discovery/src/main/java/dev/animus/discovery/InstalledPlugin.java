package dev.animus.discovery;

import dev.animus.core.ArtifactShape;
import dev.animus.core.Manifest;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A plugin installed in the digest-addressed store, as discovery lists it: no process is started
 * to read it (its manifest was recorded when it was trusted, or read from its {@code Plugin.toml}).
 *
 * @param executable the entry inside {@code store/<digest>/}
 * @param location {@code store/<digest>/}
 * @param manifest absent until the operator trusted it (a binary is never run before that), or
 *     when the recorded manifest no longer validates
 * @param trusted whether its current digest is trusted
 */
public record InstalledPlugin(
        String name,
        Path executable,
        Path location,
        ArtifactShape shape,
        String digest,
        Optional<Manifest> manifest,
        boolean trusted) {
    public InstalledPlugin {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(digest, "digest");
        Objects.requireNonNull(manifest, "manifest");
    }
}
