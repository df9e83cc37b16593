package dev.animus.shell.hook;

import dev.animus.daemon.DaemonLink;
import dev.animus.runtime.HookEndpoint;
import dev.animus.shell.AnimusCommand;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus hook ...}: ask hooks, send lifecycle events, list the registrations (docs/cli.md#hooks). */
@Command(
        name = "hook",
        mixinStandardHelpOptions = true,
        description = {
            "Ask plugins' hooks for advice.",
            "",
            "Ask the plugin that answers a hook for an agent (route.skills, classify.page, route.snapshot,",
            "classify.command-risk) and see its answer or why it abstained, and what the host decided; send",
            "lifecycle events to the plugins that observe them; list which plugin answers which hook. Advice",
            "never becomes authority. With a running daemon, its sealed sessions answer."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus hook run classify.command-risk --input '{\"command\":\"ls -la\"}'",
            "  animus hook list --agent coder",
            "  animus hook event tool-start --data '{\"tool\":\"bash\"}'"
        })
public final class HookCommand implements Runnable {

    @ParentCommand
    public AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing subcommand: try 'animus hook --help'");
    }

    /** The project's daemon's hooks when one runs ({@code --no-daemon}: this process's), for the agent. */
    static HookEndpoint endpoint(AnimusCommand root) {
        Optional<DaemonLink> daemon = root.daemon();
        if (daemon.isPresent()) {
            return daemon.get().hooks(root.agent());
        }
        return root.animus().hooks(root.context().host(), root.agent(), root.projectBinding());
    }
}
