package dev.animus.core;

import java.util.Objects;

/**
 * Why a plugin that discovery found is not usable (or is hidden), as a row {@code plugin list}
 * prints: {@code {name, path, source, reason}}. A broken entry still reserves its name.
 *
 * @param reason one line: what is wrong and what to do
 */
public record DiscoveryWarning(String name, String path, DiscoverySource source, String reason) {
    public DiscoveryWarning {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(source, "source");
        reason = OneLine.of(Objects.requireNonNull(reason, "reason"));
    }
}
