package dev.animus.shell;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code animus help [command...]}: the help of any command of the tree, nested or not
 * ({@code animus help plugin dev call}); picocli's own help command only looks one level down.
 */
@Command(
        name = "help",
        helpCommand = true,
        mixinStandardHelpOptions = true,
        description = "Show the help of a command.",
        footerHeading = "%nExamples:%n",
        footer = {"  animus help plugin dev", "  animus help plugin dev call"})
final class HelpCommand implements Runnable {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "<command>", arity = "0..*", description = "The command path, e.g. plugin dev call.")
    List<String> path = new ArrayList<>();

    @Override
    public void run() {
        CommandLine target = spec.commandLine().getParent();
        for (String name : path) {
            CommandLine next = target.getSubcommands().get(name);
            if (next == null) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "unknown command '"
                                + String.join(" ", path) + "': '" + name + "' is not a subcommand of "
                                + target.getCommandSpec().qualifiedName());
            }
            target = next;
        }
        target.usage(target.getOut());
    }
}
