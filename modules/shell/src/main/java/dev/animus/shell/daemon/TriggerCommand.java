package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus trigger ...}: the daemon's trigger sessions (docs/cli.md#triggers). */
@Command(
        name = "trigger",
        mixinStandardHelpOptions = true,
        description = {
            "Work with the daemon's triggers.",
            "",
            "Work with the project's daemon's triggers: one session per enabled plugin of kind trigger_backend,",
            "whose events become subjects or queue entries. Triggers run only in a daemon."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus trigger status", "  animus trigger status --json"})
public final class TriggerCommand implements Runnable {

    @ParentCommand
    public AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "missing subcommand: try 'animus trigger --help'");
    }
}
