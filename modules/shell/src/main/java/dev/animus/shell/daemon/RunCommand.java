package dev.animus.shell.daemon;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus daemon run}: the project's daemon in the foreground, for systemd and containers. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run the project's daemon in the foreground.",
            "",
            "Run the project's daemon in this process until SIGTERM, SIGINT (Ctrl-C) or 'animus daemon stop':",
            "what 'daemon start' runs in the background, and what a systemd unit or a container runs",
            "(see 'daemon service'). Its log goes to stderr. Stops gracefully: every plugin is shut down and",
            "the socket removed. Runs 'daemon preflight' first unless --skip-preflight."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus daemon run", "  animus --project-root /srv/app daemon run --skip-preflight"})
public final class RunCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Option(names = "--skip-preflight", description = "Start without checking the roles (see 'daemon preflight').")
    boolean skipPreflight;

    @Option(names = "--auto-install", description = "Install the default plugin of each missing role first.")
    boolean autoInstall;

    @Option(names = "--yes", description = "Confirm --auto-install without asking (needed without a terminal).")
    boolean yes;

    /** Started by 'daemon start': log to the run directory's rotated file (preflight was checked there). */
    @Option(names = "--detached", hidden = true)
    boolean detached;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        var scope = root.daemonScope();
        Running.refuseIfRunning(scope);
        if (!skipPreflight && !detached) {
            int checked = PreflightCommand.check(daemon, autoInstall, yes, false);
            if (checked != ExitCodes.OK) {
                root.terminal()
                        .error("the daemon was not started: preflight failed (--skip-preflight starts it anyway)");
                return checked;
            }
        }
        return Foreground.run(root, detached);
    }
}
