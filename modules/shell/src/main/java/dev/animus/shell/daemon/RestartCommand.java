package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus daemon restart}: stop (when one runs), then start in the background. */
@Command(
        name = "restart",
        mixinStandardHelpOptions = true,
        description = {
            "Restart the project's daemon.",
            "",
            "Stop the project's daemon gracefully when one runs, then start it again in the background",
            "(without preflight: it ran before). Plugins start again on first use."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus daemon restart"})
public final class RestartCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "60s",
            description = "How long the stop, and then the start, may take (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        var wait = DevCommand.duration(timeout, "--timeout");
        Running.find(root).ifPresent(r -> {
            long pid = StopCommand.stop(root, r, wait);
            root.terminal().info("daemon " + pid + " stopped");
        });
        int started = StartCommand.background(root, root.daemonScope(), wait);
        return started == ExitCodes.OK ? ExitCodes.OK : started;
    }
}
