package dev.animus.shell;

import dev.animus.shell.completion.CompleteCommand;
import dev.animus.shell.completion.CompletionCommand;
import dev.animus.shell.tour.TrainCommand;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * {@code --json} is honoured or refused by every command (docs/cli.md#json-output): the commands
 * that print no data (a help page, a completion script, the build's training run) refuse it with a
 * usage error instead of ignoring it; every other command prints one JSON document.
 */
final class JsonSupport {
    /** The commands that print no data, so have no JSON form. */
    static final Set<Class<?>> REFUSED =
            Set.of(HelpCommand.class, CompletionCommand.class, CompleteCommand.class, TrainCommand.class);

    private JsonSupport() {}

    /**
     * Runs {@code parsed} as picocli would, unless it asks a command of {@link #REFUSED} for
     * {@code --json} (help and version requests print as usual).
     */
    static int execute(ParseResult parsed) {
        ParseResult last = parsed;
        boolean helpAsked = parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested();
        while (last.hasSubcommand()) {
            last = last.subcommand();
            helpAsked |= last.isUsageHelpRequested() || last.isVersionHelpRequested();
        }
        CommandLine leaf = last.commandSpec().commandLine();
        if (!helpAsked
                && parsed.commandSpec().userObject() instanceof AnimusCommand root
                && root.json
                && REFUSED.contains(leaf.getCommandSpec().userObject().getClass())) {
            throw new CommandLine.ParameterException(
                    leaf,
                    "'" + leaf.getCommandSpec().qualifiedName() + "' prints no data, so it has no --json form;"
                            + " leave --json out");
        }
        return new CommandLine.RunLast().execute(parsed);
    }
}
