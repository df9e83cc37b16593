package dev.animus.core;

import java.util.List;
import java.util.Objects;

/** What a plugin says about itself in its {@code initialize} answer ({@code plugin_info}). */
public record PluginInfo(String name, String version, String pluginKind, List<String> pluginKinds, String description) {

    public PluginInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(pluginKind, "pluginKind");
        pluginKinds = List.copyOf(pluginKinds);
        Objects.requireNonNull(description, "description");
    }
}
