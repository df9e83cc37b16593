package dev.animus.core;

import java.util.List;

/** The capabilities a plugin advertises in its {@code initialize} answer. */
public record PluginCapabilities(
        List<String> methods, boolean streaming, boolean progress, boolean cancellation, List<String> subjectKinds) {

    public PluginCapabilities {
        methods = List.copyOf(methods);
        subjectKinds = List.copyOf(subjectKinds);
    }

    /** A plugin that advertises nothing. */
    public static PluginCapabilities none() {
        return new PluginCapabilities(List.of(), false, false, false, List.of());
    }
}
