package dev.animus.shell.plugin;

import dev.animus.core.HostFailure;
import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonLink;
import dev.animus.discovery.Discovery;
import dev.animus.install.LaunchRefused;
import dev.animus.install.Permit;
import dev.animus.runtime.PluginEndpoint;
import dev.animus.runtime.RequirementMissing;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.completion.ShellQuoting;
import dev.animus.shell.render.DidYouMean;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.FixText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds an installed plugin by name through the launch gate and gives its supervisor: in the
 * project's daemon when one runs (docs/daemon.md#the-cli-uses-a-running-daemon), else in this
 * process's host. Only installed, trusted, consented and enabled code runs, from the store; a
 * plugin discovery finds elsewhere is named with the command that installs it. Both ways fail
 * with the same failures, shown the same way.
 */
final class PluginLookup {
    private PluginLookup() {}

    /**
     * The gate's permit for {@code name} and the command line's agent.
     *
     * @throws CommandFailed naming why not and the command that fixes it
     */
    static Permit permit(AnimusCommand root, String name) {
        try {
            Optional<DaemonLink> daemon = root.daemon();
            return daemon.isPresent()
                    ? daemon.get().resolve(name, root.agent())
                    : root.animus().permit(name, root.agent());
        } catch (LaunchRefused e) {
            if (e.failure() instanceof HostFailure.NotInstalled) {
                throw notInstalled(root, name);
            }
            throw Failures.of(e.failure(), name, "launch");
        } catch (RequirementMissing e) {
            throw requirementMissing(e); // the daemon registers while it resolves
        } catch (DaemonFailure e) {
            throw Failures.of(e);
        }
    }

    /**
     * The supervisor of {@code permit}'s plugin: its store executable, declared environment and
     * secrets, deadlines and gate. A required variable or secret that is missing fails here, before
     * anything is started, naming the fix (docs/security.md#plugin-environment); secrets are
     * resolved again by every command that names the plugin, so a changed secret replaces a warm
     * process.
     *
     * @throws CommandFailed (exit 2) for a missing required variable or secret
     */
    static PluginEndpoint supervisor(AnimusCommand root, Permit permit) {
        Optional<DaemonLink> daemon = root.daemon();
        if (daemon.isPresent()) {
            return daemon.get().plugin(permit);
        }
        try {
            return root.animus().register(permit, root.context().host(), root.projectBinding());
        } catch (RequirementMissing e) {
            throw requirementMissing(e);
        }
    }

    private static CommandFailed requirementMissing(RequirementMissing e) {
        return new CommandFailed(
                        ExitCodes.USAGE,
                        "requirement_missing",
                        "plugin " + e.plugin() + " " + e.missing().problem() + ": run '"
                                + FixText.render(e.missing().fix()) + "' and try again")
                .withFix(FixText.commandOf(e.missing().fix().fixes()))
                .withPlugin(e.plugin());
    }

    /** What discovery knows of a name that is not installed, as the next step. */
    private static CommandFailed notInstalled(AnimusCommand root, String name) {
        Discovery d = root.discover(root.includeSystemPath);
        String where = switch (d.find(name)) {
            case Discovery.Lookup.Found f -> f.plugin().location().toString();
            case Discovery.Lookup.Untrusted u -> u.binary().path();
            case Discovery.Lookup.Broken b -> b.warning().path();
            case Discovery.Lookup.Missing m -> "";
        };
        String agent = root.agentGiven() ? " --agent " + root.agent() : "";
        if (where.isEmpty()) {
            List<String> known = new ArrayList<>();
            d.plugins().forEach(p -> known.add(p.name()));
            d.untrusted().forEach(u -> known.add(u.name()));
            return new CommandFailed(
                            ExitCodes.USAGE,
                            "plugin_not_found",
                            "no plugin named '" + name + "' is installed" + DidYouMean.suffix(name, known)
                                    + " ('animus plugin list' shows what is found)"
                                    + FixText.TO_RUN_IT + "animus plugin install --path <file>" + agent)
                    .withPlugin(name);
        }
        return new CommandFailed(
                        ExitCodes.USAGE,
                        "not_installed",
                        "plugin " + name + " is not installed (found " + where + "; 'animus plugin dev " + where
                                + "' runs it untrusted)" + FixText.TO_RUN_IT + "animus plugin install --path "
                                + ShellQuoting.word(where) + agent)
                .withFix(Optional.of("animus plugin install --path " + ShellQuoting.word(where) + agent))
                .withPlugin(name);
    }
}
