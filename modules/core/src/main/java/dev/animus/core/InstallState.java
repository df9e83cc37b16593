package dev.animus.core;

import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The installation lifecycle of every plugin: the model of {@code state/state.json}
 * (docs/security.md#the-state-document). Immutable; {@link Installation} computes the next value.
 *
 * @param schemaVersion the document's schema ({@link #SCHEMA_VERSION} is the one this build reads)
 * @param revision bumped by one on every commit
 * @param plugins by name, sorted
 */
public record InstallState(int schemaVersion, long revision, SortedMap<String, PluginState> plugins) {
    /** The schema this build reads and writes. */
    public static final int SCHEMA_VERSION = 1;

    public InstallState {
        if (revision < 0) {
            throw new IllegalArgumentException("revision is negative: " + revision);
        }
        plugins = Collections.unmodifiableSortedMap(new TreeMap<>(Objects.requireNonNull(plugins, "plugins")));
    }

    /** The document of a home where nothing was ever installed. */
    public static InstallState empty() {
        return new InstallState(SCHEMA_VERSION, 0, new TreeMap<>());
    }

    /** What is recorded for {@code name}. */
    public Optional<PluginState> plugin(String name) {
        return Optional.ofNullable(plugins.get(name));
    }

    /** The same document with {@code name} set to {@code state} (same revision). */
    public InstallState with(String name, PluginState state) {
        TreeMap<String, PluginState> next = new TreeMap<>(plugins);
        next.put(name, state);
        return new InstallState(schemaVersion, revision, next);
    }

    /** The same document without {@code name} (same revision). */
    public InstallState without(String name) {
        TreeMap<String, PluginState> next = new TreeMap<>(plugins);
        next.remove(name);
        return new InstallState(schemaVersion, revision, next);
    }

    /** The committed successor: the same plugins, {@code revision + 1}. */
    public InstallState nextRevision() {
        return new InstallState(schemaVersion, revision + 1, plugins);
    }
}
