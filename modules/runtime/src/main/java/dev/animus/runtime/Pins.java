package dev.animus.runtime;

import dev.animus.store.Lockfile;
import java.util.List;

/**
 * The lockfile in force, as it reads now.
 *
 * @param schemaVersion the lockfile's schema version
 * @param entries its pins, by plugin name
 */
public record Pins(int schemaVersion, List<Pin> entries) {
    /** Copies {@code entries}. */
    public Pins {
        entries = List.copyOf(entries);
    }

    static Pins of(Lockfile file) {
        return new Pins(
                file.schemaVersion(),
                file.entries().values().stream().map(Pin::of).toList());
    }
}
