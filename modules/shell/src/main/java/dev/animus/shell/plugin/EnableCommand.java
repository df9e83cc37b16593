package dev.animus.shell.plugin;

import dev.animus.core.AgentScope;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin enable <name>}: let agents launch a trusted, consented plugin. */
@Command(
        name = "enable",
        mixinStandardHelpOptions = true,
        description = {
            "Enable a plugin for an agent, or for all agents.",
            "",
            "Enable a trusted and consented plugin for one agent (--agent, default: default) or for all",
            "agents. Updating or rolling back a plugin disables it again."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin enable echo",
            "  animus plugin enable echo --agent coder",
            "  animus plugin enable echo --all-agents"
        })
public final class EnableCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "An installed plugin.")
    String name;

    @Option(names = "--all-agents", description = "Enable it for every agent.")
    boolean allAgents;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        AgentScope scope = Scopes.of(root, allAgents, false);
        root.animus().enable(name, scope);
        Scopes.report(root, "plugin.enable", "enabled", name, scope);
        return ExitCodes.OK;
    }
}
