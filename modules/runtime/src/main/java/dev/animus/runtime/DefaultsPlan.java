package dev.animus.runtime;

import java.util.List;
import java.util.Objects;

/**
 * What {@code plugin install-defaults} will do, decided before anything is stored or run: each
 * default of the groups asked for is skipped (installed already) or installed.
 *
 * @param origin the {@code defaults.toml} the entries come from
 */
public record DefaultsPlan(String origin, List<Step> steps, DefaultsOptions options) {
    public DefaultsPlan {
        Objects.requireNonNull(origin, "origin");
        steps = List.copyOf(steps);
        Objects.requireNonNull(options, "options");
    }

    /** One default and what will be done with it. */
    public sealed interface Step {
        PluginDefaults.Entry entry();

        /** Left alone: {@code reason} says why ({@code installed already}). */
        record Skip(PluginDefaults.Entry entry, String reason) implements Step {}

        /** To be installed. */
        record Install(PluginDefaults.Entry entry) implements Step {}
    }

    /** Whether anything is to be installed (and so a confirmation is needed). */
    public boolean installsAnything() {
        return steps.stream().anyMatch(s -> s instanceof Step.Install);
    }
}
