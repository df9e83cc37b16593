package dev.animus.shell.plugin;

import dev.animus.shell.AnimusCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus plugin ...}: everything about plugins. */
@Command(
        name = "plugin",
        mixinStandardHelpOptions = true,
        description = "Work with plugins.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin list",
            "  animus plugin install --path ./animus-plugin-echo --trust --yes",
            "  animus plugin consent echo --yes && animus plugin enable echo",
            "  animus plugin call echo echo --params '{\"text\":\"hi\"}'",
            "  animus plugin dev ./animus-plugin-echo ping"
        })
public final class PluginCommand implements Runnable {

    @ParentCommand
    public AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "missing subcommand: try 'animus plugin --help'");
    }
}
