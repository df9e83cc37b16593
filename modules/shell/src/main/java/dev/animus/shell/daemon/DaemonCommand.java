package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus daemon ...}: the project's long-lived plugin host. */
@Command(
        name = "daemon",
        mixinStandardHelpOptions = true,
        description = {
            "Work with the project's daemon.",
            "",
            "Work with the project's daemon: one long-lived process per project root that keeps the project's",
            "plugins running and answers on a control socket. 'plugin status|call|ping|info|reset' use it when",
            "it runs ('--no-daemon' runs them in this process)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus daemon start",
            "  animus daemon status",
            "  animus daemon events --follow",
            "  animus daemon stop",
            "  animus daemon preflight --auto-install --yes"
        })
public final class DaemonCommand implements Runnable {

    @ParentCommand
    public AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "missing subcommand: try 'animus daemon --help'");
    }
}
