package dev.animus.shell.completion;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Tab completion of the interactive shell, from the picocli command tree: command and subcommand
 * names, options, and the values an argument takes ({@link ValueKind}): installed plugins, a
 * plugin's methods and secrets, subject kinds, subject ids (in the daemon), agents, file paths, an
 * option's fixed choices.
 *
 * <p>Thread-safe if the command tree is not changed.
 */
public final class CommandCompleter implements Completer {
    private static final Logger LOG = LoggerFactory.getLogger(CommandCompleter.class);

    /** What the value of an option or positional parameter is, for completion. */
    enum ValueKind {
        PLUGIN,
        METHOD,
        SECRET,
        SUBJECT_KIND,
        SUBJECT_ID,
        AGENT,
        PATH,
        PLUGIN_OR_PATH,
        COMMAND,
        CHOICES,
        NONE
    }

    private final CommandSpec root;
    private final CompletionSources sources;
    private final Path workingDirectory;

    public CommandCompleter(CommandSpec root, CompletionSources sources, Path workingDirectory) {
        this.root = root;
        this.sources = sources;
        this.workingDirectory = workingDirectory;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        try {
            candidates.addAll(candidates(
                    line.words().subList(0, line.wordIndex()), line.word().substring(0, line.wordCursor())));
        } catch (RuntimeException e) {
            // a completion that fails offers nothing; it must never end the shell
            LOG.debug("completion of '{}' failed", line.line(), e);
        }
    }

    /** The candidates for the word {@code typed} so far after the words {@code before}. */
    public List<Candidate> candidates(List<String> before, String typed) {
        List<String> words =
                !before.isEmpty() && before.getFirst().equals("animus") ? before.subList(1, before.size()) : before;
        CommandSpec spec = root;
        List<String> positionals = new ArrayList<>();
        OptionSpec pending = null;
        for (String w : words) {
            if (pending != null) {
                pending = null;
            } else if (w.startsWith("-") && w.length() > 1) {
                OptionSpec o = spec.findOption(w.contains("=") ? w.substring(0, w.indexOf('=')) : w);
                if (o != null && !w.contains("=") && o.arity().max() > 0) {
                    pending = o;
                }
            } else if (positionals.isEmpty() && spec.subcommands().containsKey(w)) {
                spec = spec.subcommands().get(w).getCommandSpec();
            } else {
                positionals.add(w);
            }
        }
        if (pending != null) {
            return values(spec, pending, positionals, typed);
        }
        return commandOrValues(spec, positionals, typed);
    }

    /** Candidates where a subcommand, a positional value or an option may stand. */
    private List<Candidate> commandOrValues(CommandSpec spec, List<String> positionals, String typed) {
        if (typed.startsWith("-")) {
            return options(spec);
        }
        List<Candidate> out = new ArrayList<>();
        if (positionals.isEmpty()) {
            spec.subcommands().forEach((name, sub) -> {
                if (!sub.getCommandSpec().usageMessage().hidden()) { // by name and by alias (ls, rm)
                    out.add(new Candidate(
                            name,
                            name,
                            null,
                            firstLine(sub.getCommandSpec().usageMessage().description()),
                            null,
                            null,
                            true));
                }
            });
        }
        var expected = positional(spec, positionals.size());
        expected.ifPresent(p -> out.addAll(values(spec, p, positionals, typed)));
        if (expected.isEmpty() && spec.subcommands().isEmpty()) {
            return options(spec); // nothing more to name: what is left are options
        }
        return out;
    }

    private static Optional<PositionalParamSpec> positional(CommandSpec spec, int index) {
        return spec.positionalParameters().stream()
                .filter(p -> p.index().contains(index))
                .findFirst();
    }

    private static List<Candidate> options(CommandSpec spec) {
        List<Candidate> out = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                String name = o.longestName();
                out.add(new Candidate(name, name, null, firstLine(o.description()), null, null, true));
            }
        }
        return out;
    }

    private List<Candidate> values(CommandSpec spec, ArgSpec arg, List<String> positionals, String typed) {
        return switch (kindOf(spec, arg)) {
            case PLUGIN -> plain(sources.pluginNames());
            case METHOD -> positionals.isEmpty() ? List.of() : plain(sources.methods(positionals.getFirst()));
            case SECRET -> positionals.isEmpty() ? List.of() : plain(sources.secrets(positionals.getFirst()));
            case SUBJECT_KIND -> plain(sources.subjectKinds());
            case SUBJECT_ID -> plain(sources.subjectIds());
            case AGENT -> plain(sources.agents());
            case PATH -> PathCandidates.of(typed, workingDirectory);
            case PLUGIN_OR_PATH -> {
                List<Candidate> both = new ArrayList<>(plain(sources.pluginNames()));
                both.addAll(PathCandidates.of(typed, workingDirectory));
                yield both;
            }
            case COMMAND -> plain(commandPath(positionals));
            case CHOICES -> plain(choices(arg));
            case NONE -> List.of();
        };
    }

    /** What the value of {@code arg} of command {@code spec} is. */
    static ValueKind kindOf(CommandSpec spec, ArgSpec arg) {
        if (arg.type() == Path.class) {
            return ValueKind.PATH;
        }
        String where = spec.qualifiedName(" ");
        return switch (arg.paramLabel()) {
            case "<name>" -> where.startsWith("animus secret ") ? ValueKind.SECRET : ValueKind.PLUGIN;
            case "<plugin>" -> ValueKind.PLUGIN;
            case "<name|path>" -> ValueKind.PLUGIN_OR_PATH;
            case "<method>" -> where.equals("animus plugin call") ? ValueKind.METHOD : ValueKind.NONE;
            case "<path>", "P", "F", "PEMFILE", "FILE_OR_DIGEST" -> ValueKind.PATH;
            case "NAME" ->
                arg instanceof OptionSpec o && o.longestName().equals("--agent") ? ValueKind.AGENT : ValueKind.NONE;
            case "<command>" -> ValueKind.COMMAND;
            case "<kind>" -> where.startsWith("animus subject ") ? ValueKind.SUBJECT_KIND : ValueKind.NONE;
            case "<id>" -> where.startsWith("animus subject ") ? ValueKind.SUBJECT_ID : ValueKind.NONE;
            default -> choices(arg).isEmpty() ? ValueKind.NONE : ValueKind.CHOICES;
        };
    }

    /** The subcommands after {@code path} (for {@code help <command>...}). */
    private List<String> commandPath(List<String> path) {
        CommandSpec at = root;
        for (String name : path) {
            CommandLine next = at.subcommands().get(name);
            if (next == null) {
                return List.of();
            }
            at = next.getCommandSpec();
        }
        return at.subcommands().entrySet().stream()
                .filter(e -> e.getKey().equals(e.getValue().getCommandName()))
                .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden())
                .map(Map.Entry::getKey)
                .toList();
    }

    private static List<String> choices(ArgSpec arg) {
        List<String> out = new ArrayList<>();
        if (arg.completionCandidates() != null) {
            arg.completionCandidates().forEach(out::add);
        }
        return out;
    }

    private static List<Candidate> plain(List<String> values) {
        return values.stream()
                .map(v -> new Candidate(v, v, null, null, null, null, true))
                .toList();
    }

    private static String firstLine(String[] description) {
        return description.length == 0 ? null : description[0];
    }
}
