package dev.animus.runtime;

import dev.animus.install.LaunchRequirements;

/** A plugin cannot be started: a variable or secret it requires is missing. Nothing was started. */
public final class RequirementMissing extends RuntimeException implements UseCaseFailure {
    private static final long serialVersionUID = 1L;

    private final String plugin;
    private final transient LaunchRequirements.Missing missing;

    RequirementMissing(String plugin, LaunchRequirements.Missing missing) {
        super("plugin " + plugin + " " + missing.problem());
        this.plugin = plugin;
        this.missing = missing;
    }

    /** The failure as another process reported it (the daemon, over its control socket). */
    public static RequirementMissing reported(String plugin, LaunchRequirements.Missing missing) {
        return new RequirementMissing(plugin, missing);
    }

    /** The plugin that cannot start. */
    public String plugin() {
        return plugin;
    }

    /** What is missing, and how it is supplied. */
    public LaunchRequirements.Missing missing() {
        return missing;
    }
}
