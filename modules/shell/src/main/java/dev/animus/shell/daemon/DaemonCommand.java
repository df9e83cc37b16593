package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus daemon ...}: the project's long-lived plugin host. */
@Command(
        name = "daemon",
        mixinStandardHelpOptions = true,
        description = "Work with the project's daemon.",
        footerHeading = "%nExamples:%n",
        footer = {"  animus daemon preflight", "  animus daemon preflight --auto-install --yes"})
public final class DaemonCommand implements Runnable {

    @ParentCommand
    public AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "missing subcommand: try 'animus daemon --help'");
    }
}
