package dev.animus.install;

import dev.animus.core.Guidance;
import dev.animus.core.Manifest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code plugin trust} did.
 *
 * @param manifest what the plugin declares, read now (a binary's first run: its {@code --manifest}
 *     probe) or earlier; empty when the probe failed
 * @param notes warnings for the operator: a failed probe and how to retry, a manifest that names
 *     itself differently, unknown manifest keys
 */
public record TrustReport(String name, String digest, Optional<Manifest> manifest, List<Guidance> notes) {
    public TrustReport {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(digest, "digest");
        Objects.requireNonNull(manifest, "manifest");
        notes = List.copyOf(notes);
    }
}
