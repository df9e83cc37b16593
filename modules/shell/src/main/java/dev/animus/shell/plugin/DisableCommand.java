package dev.animus.shell.plugin;

import dev.animus.core.AgentScope;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin disable <name>}: stop agents from launching a plugin. */
@Command(
        name = "disable",
        mixinStandardHelpOptions = true,
        description = {
            "Disable a plugin for every agent or for one.",
            "",
            "Disable a plugin: for every agent, or only for --agent A. Trust and consent are kept;",
            "'animus plugin enable' turns it back on."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin disable echo", "  animus plugin disable echo --agent coder"})
public final class DisableCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(index = "0", paramLabel = "<name>", description = "An installed plugin.")
    String name;

    @Option(names = "--all-agents", description = "Disable it for every agent (the default without --agent).")
    boolean allAgents;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        AgentScope scope = Scopes.of(root, allAgents, true);
        root.animus().disable(name, scope);
        // a running copy stays until its next launch would be refused: stop it now
        root.context().host().find(name).ifPresent(s -> s.stopProcess());
        Scopes.report(root, "plugin.disable", "disabled", name, scope);
        return ExitCodes.OK;
    }
}
