package dev.animus.shell;

import dev.animus.core.OneLine;
import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.Settings;
import dev.animus.shell.completion.CompleteCommand;
import dev.animus.shell.completion.DaemonCompletion;
import dev.animus.shell.render.ErrorDocument;
import dev.animus.shell.render.EscapedStderr;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import picocli.CommandLine;

/** Entry point of the {@code animus} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        Terminal terminal = Terminal.system(System.getenv());
        // the log goes to System.err and repeats what plugins wrote: escape it (the terminal has its own stream)
        System.setErr(new EscapedStderr(System.err));
        System.exit(run(args, System.getenv(), terminal));
    }

    /**
     * Runs one command line (or, with no command, the commands read from stdin) and returns its exit
     * code; writes only to {@code terminal}. Every plugin it started is shut down before it returns.
     */
    static int run(String[] args, Map<String, String> env, Terminal terminal) {
        List<String> words = List.of(args);
        if ((words.size() == 1 || (words.size() == 2 && (words.contains("-v") || words.contains("--verbose"))))
                && (words.contains("--version") || words.contains("-V"))) {
            // asked for often (scripts, version checks) and needing nothing else: no plugin host, no
            // command tree (picocli prints the same lines from the same provider, see CliTest)
            for (String line : AnimusCommand.Version.lines(words.size() == 2)) {
                terminal.out().println(line);
            }
            terminal.out().flush();
            return ExitCodes.OK;
        }
        Logging.configure(env);
        if (args.length > 0 && args[0].equals(CompleteCommand.NAME)) {
            // a Tab in bash, zsh or fish: the project's daemon answers when one runs (its tree is
            // built, and it knows the subjects); else this process reads the state document and runs
            // no plugin, so it starts no plugin host (and builds only the commands it completes)
            List<String> line = words.size() > 1 && words.get(1).equals("--")
                    ? words.subList(2, words.size())
                    : words.subList(1, words.size());
            Optional<List<String>> served =
                    DaemonCompletion.ask(env, Path.of("").toAbsolutePath(), line);
            if (served.isPresent()) {
                served.get().forEach(terminal.out()::println);
                terminal.out().flush();
                return ExitCodes.OK;
            }
            return execute(args, ShellContext.oneShot(terminal, env, null));
        }
        Optional<Settings> settings = settings(env);
        Terminal shown = settings.map(s -> coloured(terminal, s.colour())).orElse(terminal);
        // a plain 'plugin call' through a running daemon: no command tree, no plugin host here
        OptionalInt quick = QuickCall.run(words, env, settings, shown);
        if (quick.isPresent()) {
            return quick.getAsInt();
        }
        try (Plugins host = Plugins.start(Plugins.Options.fromEnvironment(env))) {
            ShellContext context = ShellContext.oneShot(shown, env, host);
            settings.ifPresent(s -> AnimusCommand.warnOnce(s, context));
            try {
                return execute(args, context);
            } finally {
                context.closeDaemonLinks();
            }
        }
    }

    /** The defaults of the home {@code env} names; none when it names no home (the command then says so). */
    private static Optional<Settings> settings(Map<String, String> env) {
        try {
            return Optional.of(Settings.load(AnimusPaths.from(env, Path.of("")).home(), env));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** {@code terminal} with config.toml's {@code color}: auto keeps its own choice (a terminal, no NO_COLOR). */
    private static Terminal coloured(Terminal terminal, Settings.Colour colour) {
        return switch (colour) {
            case AUTO -> terminal;
            case ALWAYS -> terminal.withColour(true);
            case NEVER -> terminal.withColour(false);
        };
    }

    /**
     * Parses and runs one command line in {@code context}: a fresh command tree each time, of only
     * the commands the line names ({@link CommandTree#along}).
     */
    public static int execute(String[] args, ShellContext context) {
        return configure(CommandTree.along(new AnimusCommand(context), args), context)
                .execute(args);
    }

    /** The whole command tree, for help, completion and tests. */
    public static CommandLine commandLine(ShellContext context) {
        return configure(CommandTree.whole(new AnimusCommand(context)), context);
    }

    private static CommandLine configure(CommandLine cli, ShellContext context) {
        Terminal terminal = context.terminal();
        HelpText.reflow(cli);
        HelpText.globalOptionsOnce(cli);
        cli.setOut(terminal.out());
        cli.setErr(terminal.err());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        // '@file' is no picocli argument file here: '--params @p.json' names a file CallArgs reads
        cli.setExpandAtFiles(false);
        cli.setExecutionStrategy(JsonSupport::execute);
        cli.setParameterExceptionHandler((ex, argv) -> {
            CommandFailed f = new CommandFailed(ExitCodes.USAGE, UsageCodes.of(ex), UsageErrors.line(ex));
            return report(f, jsonAsked(ex.getCommandLine(), argv), terminal);
        });
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            CommandFailed found = Failures.ofException(ex);
            CommandFailed f = found.withMessage(
                    found.getMessage() + UsageErrors.pluginNameHint(parsed, found.getMessage(), context.environment()));
            String level = context.environment().getOrDefault("ANIMUS_LOG", "");
            int code = report(f, jsonAsked(cmd, parsed.originalArgs().toArray(String[]::new)), terminal);
            if ("debug".equalsIgnoreCase(level) || "trace".equalsIgnoreCase(level)) {
                stackTrace(ex, terminal);
            }
            return code;
        });
        return cli;
    }

    /**
     * Reports {@code f} (docs/cli.md#errors): its line on stderr, and with {@code --json} its error
     * document on stdout (unless the command printed its own document about it); returns its exit
     * code.
     */
    static int report(CommandFailed f, boolean json, Terminal terminal) {
        terminal.error(f.getMessage());
        if (json && !f.documentPrinted()) {
            terminal.printJson(ErrorDocument.of(f));
        }
        return f.exitCode();
    }

    /**
     * Whether the line asked for {@code --json}: parsed (inherited options land on the root), or,
     * when parsing stopped before it, written before any {@code --}.
     */
    private static boolean jsonAsked(CommandLine cmd, String[] argv) {
        if (cmd.getCommandSpec().root().userObject() instanceof AnimusCommand root && root.json) {
            return true;
        }
        for (String word : argv) {
            if (word.equals("--")) {
                return false;
            }
            if (word.equals("--json")) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code ex}'s stack trace on stderr, each line through {@link OneLine} (a message may quote a
     * plugin) but for the tab that indents a frame.
     */
    private static void stackTrace(Throwable ex, Terminal terminal) {
        StringWriter trace = new StringWriter();
        ex.printStackTrace(new PrintWriter(trace));
        trace.toString()
                .lines()
                .forEach(line -> terminal.err()
                        .println(line.startsWith("\t") ? "\t" + OneLine.of(line.substring(1)) : OneLine.of(line)));
        terminal.err().flush();
    }
}
