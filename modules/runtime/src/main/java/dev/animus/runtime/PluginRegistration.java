package dev.animus.runtime;

import dev.animus.core.TimeoutTable;
import java.util.Objects;

/**
 * One plugin a {@link PluginHost} may launch: its name (unique in the host), how to start it, and
 * its deadlines (the manifest's {@code timeouts} table over the defaults).
 */
public record PluginRegistration(String name, LaunchSpec launch, TimeoutTable timeouts) {
    public PluginRegistration {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(launch, "launch");
        Objects.requireNonNull(timeouts, "timeouts");
        if (name.isBlank()) {
            throw new IllegalArgumentException("plugin name is blank");
        }
    }
}
