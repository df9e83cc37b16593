package dev.animus.shell;

import dev.animus.core.OneLine;
import dev.animus.runtime.Plugins;
import dev.animus.shell.completion.CompleteCommand;
import dev.animus.shell.render.EscapedStderr;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
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
            // a Tab in bash, zsh or fish: it reads the state document and runs no plugin, so it
            // starts no plugin host (and builds only the commands it completes, see CommandTree)
            return execute(args, ShellContext.oneShot(terminal, env, null));
        }
        try (Plugins host = Plugins.start()) {
            return execute(args, ShellContext.oneShot(terminal, env, host));
        }
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
        cli.setOut(terminal.out());
        cli.setErr(terminal.err());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler((ex, argv) -> {
            terminal.error(ex.getMessage() + " (try '"
                    + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            CommandFailed f = Failures.ofException(ex);
            terminal.error(f.getMessage());
            String level = context.environment().getOrDefault("ANIMUS_LOG", "");
            if ("debug".equalsIgnoreCase(level) || "trace".equalsIgnoreCase(level)) {
                stackTrace(ex, terminal);
            }
            return f.exitCode();
        });
        return cli;
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
