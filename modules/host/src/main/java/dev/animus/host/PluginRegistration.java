package dev.animus.host;

import dev.animus.core.LaunchGuard;
import dev.animus.core.TimeoutTable;
import java.util.Objects;

/**
 * One plugin a {@link PluginHost} may launch: its name (unique in the host), how to start it, its
 * deadlines (the manifest's {@code timeouts} table over the defaults), and the guard asked before
 * every launch.
 */
public record PluginRegistration(String name, LaunchSpec launch, TimeoutTable timeouts, LaunchGuard guard) {
    public PluginRegistration {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(launch, "launch");
        Objects.requireNonNull(timeouts, "timeouts");
        Objects.requireNonNull(guard, "guard");
        if (name.isBlank()) {
            throw new IllegalArgumentException("plugin name is blank");
        }
    }

    /** An unguarded registration: {@code plugin dev} and tests of supervision. */
    public PluginRegistration(String name, LaunchSpec launch, TimeoutTable timeouts) {
        this(name, launch, timeouts, LaunchGuard.none());
    }
}
