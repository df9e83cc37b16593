package dev.animus.core;

import java.util.Objects;

/**
 * Why a plugin that discovery found is not usable (or is hidden), as a row {@code plugin list}
 * prints: {@code {name, path, source, reason}}. A broken entry still reserves its name.
 *
 * @param reason one line: what is wrong and what to do (its text through {@link OneLine})
 */
public record DiscoveryWarning(String name, String path, DiscoverySource source, Guidance reason) {
    public DiscoveryWarning {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(source, "source");
        reason = Objects.requireNonNull(reason, "reason").mapText(OneLine::of);
    }

    /** A warning whose reason names no fix. */
    public DiscoveryWarning(String name, String path, DiscoverySource source, String reason) {
        this(name, path, source, Guidance.text(reason));
    }
}
