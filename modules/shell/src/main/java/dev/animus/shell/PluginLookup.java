package dev.animus.shell;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.runtime.DiscoveredPlugin;
import dev.animus.runtime.Discovery;
import dev.animus.runtime.LaunchSpec;
import dev.animus.runtime.PluginRegistration;
import dev.animus.runtime.Supervisor;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;

/** Finds a plugin by name through discovery and gives its supervisor in this process's host. */
final class PluginLookup {
    private PluginLookup() {}

    /** The discovered plugin called {@code name}; a one-line failure naming the fix otherwise. */
    static DiscoveredPlugin find(AnimusCommand root, String name) {
        Discovery d = root.discoverer().discover(root.includeSystemPath);
        return switch (d.find(name)) {
            case Discovery.Lookup.Found f -> f.plugin();
            case Discovery.Lookup.Broken b -> throw new CommandFailed(ExitCodes.FAILED, "plugin " + name
                    + " cannot be used: " + b.warning().reason() + " (found in " + b.warning().source().word() + " "
                    + b.warning().path() + ")");
            case Discovery.Lookup.Missing m -> throw new CommandFailed(ExitCodes.FAILED, "no plugin named " + name
                    + (m.known().isEmpty() ? "" : " (found: " + String.join(", ", m.known()) + ")")
                    + "; 'animus plugin list' shows what is installed"
                    + (root.includeSystemPath ? "" : ", --include-system-path also searches $PATH"));
        };
    }

    /** The supervisor of {@code plugin}: its declared environment names, its manifest's deadlines. */
    static Supervisor supervisor(AnimusCommand root, DiscoveredPlugin plugin) {
        var declared = new HashSet<String>();
        plugin.manifest().envRequired().forEach(e -> declared.add(e.name()));
        LaunchSpec spec = new LaunchSpec(plugin.name(), plugin.executable(), EnvironmentPolicy.declaring(declared),
                root.environment(), Map.of(), Optional.empty());
        return root.context().host().register(new PluginRegistration(plugin.name(), spec, plugin.manifest().timeouts()));
    }
}
