package dev.animus.shell;

import dev.animus.core.OneLine;
import dev.animus.shell.completion.CompletionSources;
import dev.animus.shell.render.DidYouMean;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The one line a mistake on the command line gets (docs/cli.md#errors): what was wrong, the word
 * that was probably meant ({@link DidYouMean}: a command, an option, a value of a fixed set), and
 * where to read more.
 */
final class UsageErrors {
    private UsageErrors() {}

    /** The message of {@code ex}, one line, ending with {@code (try 'animus <command> --help')}. */
    static String line(CommandLine.ParameterException ex) {
        CommandSpec spec = ex.getCommandLine().getCommandSpec();
        return OneLine.of(what(ex, spec)) + " (try '" + spec.qualifiedName() + " --help')";
    }

    private static String what(CommandLine.ParameterException ex, CommandSpec spec) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u
                && !u.getUnmatched().isEmpty()) {
            String word = u.getUnmatched().getFirst();
            if (word.startsWith("-")) {
                String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
                return "unknown option '" + option + "'" + DidYouMean.suffix(option, optionNames(spec));
            }
            if (!spec.subcommands().isEmpty()) {
                return "unknown command '" + word + "'" + DidYouMean.suffix(word, commandNames(spec));
            }
            return "unexpected argument '" + word + "'" + DidYouMean.suffix(word, commandNames(spec));
        }
        String message = ex.getMessage();
        ArgSpec arg = ex.getArgSpec();
        String value = ex.getValue();
        if (arg != null && value != null && arg.completionCandidates() != null) {
            List<String> choices = new ArrayList<>();
            arg.completionCandidates().forEach(choices::add);
            return message + DidYouMean.suffix(value, choices);
        }
        return message;
    }

    /**
     * {@code "; did you mean 'x'?"} after a failed command whose plugin argument names no installed
     * plugin, for the nearest installed name (read from the state document, running nothing); empty
     * when the name is installed, nothing is near, or {@code message} suggests already.
     */
    static String pluginNameHint(CommandLine.ParseResult parsed, String message, Map<String, String> environment) {
        if (parsed == null || message.contains("did you mean")) {
            return "";
        }
        CommandLine.ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        String where = leaf.commandSpec().qualifiedName();
        for (CommandLine.Model.PositionalParamSpec p : leaf.matchedPositionals()) {
            boolean plugin = p.paramLabel().equals("<plugin>")
                    || (p.paramLabel().equals("<name>") && !where.startsWith("animus secret "));
            if (plugin && p.getValue() instanceof String name) {
                return pluginNameHint(name, message, environment);
            }
        }
        return "";
    }

    /**
     * The hint for a failure of a command that named plugin {@code name}: empty when it is
     * installed or the message already holds one, else the installed names it is close to.
     */
    static String pluginNameHint(String name, String message, Map<String, String> environment) {
        if (message.contains("did you mean")) {
            return "";
        }
        List<String> installed = new CompletionSources(environment).pluginNames();
        return installed.contains(name) ? "" : DidYouMean.suffix(name, installed);
    }

    /** The names of {@code spec}'s options, the long ones first. */
    private static Set<String> optionNames(CommandSpec spec) {
        Set<String> names = new LinkedHashSet<>();
        for (OptionSpec o : spec.options()) {
            names.add(o.longestName());
        }
        for (OptionSpec o : spec.options()) {
            names.addAll(List.of(o.names()));
        }
        return names;
    }

    /** The names and aliases of {@code spec}'s commands that people see. */
    private static List<String> commandNames(CommandSpec spec) {
        return spec.subcommands().entrySet().stream()
                .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden())
                .map(e -> e.getKey())
                .toList();
    }
}
