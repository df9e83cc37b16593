package dev.animus.shell.completion;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jline.reader.Candidate;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code animus __complete -- WORD... PARTIAL}: the completions of the interactive shell
 * ({@link CommandCompleter}) for the words typed so far and the partial word under the cursor, one
 * per line, those starting with the partial word only. The scripts of {@code animus completion}
 * call it, so bash and zsh complete exactly what the shell does: installed plugins, a plugin's
 * methods, agents, paths. Hidden; reads the state document, runs no plugin, never fails loudly
 * (a completion that cannot be computed is no completion). One-shot, it runs without a plugin host
 * (its context has none) on a tree of only the commands it completes
 * ({@code CommandTree.forCompletion}).
 */
@Command(name = CompleteCommand.NAME, hidden = true, description = "Print the completions of a partial command line.")
public final class CompleteCommand implements Callable<Integer> {
    /** The command's name, which the completion scripts call. */
    public static final String NAME = "__complete";

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(
            paramLabel = "<word>",
            arity = "0..*",
            description = "The words before the cursor, then the partial word.")
    List<String> words = new ArrayList<>();

    @Override
    public Integer call() {
        AnimusCommand root = (AnimusCommand) spec.root().userObject();
        String partial = words.isEmpty() ? "" : words.getLast();
        List<String> before = words.isEmpty() ? List.of() : words.subList(0, words.size() - 1);
        var completer = new CommandCompleter(
                spec.root(),
                new CompletionSources(root.environment()),
                Path.of("").toAbsolutePath());
        Terminal t = root.terminal();
        try {
            for (Candidate c : completer.candidates(before, partial)) {
                if (c.value().startsWith(partial)) {
                    t.out().println(c.value());
                }
            }
        } catch (RuntimeException e) {
            return ExitCodes.OK; // no completion rather than an error in the middle of the user's line
        }
        t.out().flush();
        return ExitCodes.OK;
    }
}
