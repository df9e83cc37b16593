package dev.animus.shell.agent;

import dev.animus.shell.AnimusCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus agent ...}: provider sessions (docs/protocol.md#providers). */
@Command(
        name = "agent",
        mixinStandardHelpOptions = true,
        description = {
            "Run agent sessions on providers.",
            "",
            "Run agent sessions on the installed providers (plugins of kind provider): stream a run's answer,",
            "cancel a run, list the providers."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus agent providers",
            "  animus agent run --provider oai --prompt 'say hi'",
            "  animus agent cancel 6f1c2a9e-0d1b-4c55-9f0e-2b8f1c3d4e5a"
        })
public final class AgentCommand implements Runnable {

    @ParentCommand
    public AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "missing subcommand: try 'animus agent --help'");
    }
}
