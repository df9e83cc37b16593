package dev.animus.shell;

import java.util.Map;
import picocli.CommandLine;

/** Entry point of the {@code animus} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), Terminal.system(System.getenv())));
    }

    /** Runs one command line and returns its exit code; writes only to {@code terminal}. */
    static int run(String[] args, Map<String, String> env, Terminal terminal) {
        Logging.configure(env);
        CommandLine cli = commandLine(env, terminal);
        return cli.execute(args);
    }

    static CommandLine commandLine(Map<String, String> env, Terminal terminal) {
        CommandLine cli = new CommandLine(new AnimusCommand(terminal, env));
        cli.setOut(terminal.out());
        cli.setErr(terminal.err());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler((ex, argv) -> {
            terminal.error(ex.getMessage() + " (try '" + ex.getCommandLine().getCommandSpec().qualifiedName()
                    + " --help')");
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof CommandFailed f) {
                terminal.error(f.getMessage());
                return f.exitCode();
            }
            terminal.error("internal error: " + ex + " (rerun with ANIMUS_LOG=debug for details)");
            if ("debug".equalsIgnoreCase(env.get("ANIMUS_LOG")) || "trace".equalsIgnoreCase(env.get("ANIMUS_LOG"))) {
                ex.printStackTrace(terminal.err());
            }
            return ExitCodes.FAILED;
        });
        return cli;
    }
}
