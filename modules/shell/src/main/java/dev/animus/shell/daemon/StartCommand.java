package dev.animus.shell.daemon;

import dev.animus.core.DurationText;
import dev.animus.daemon.DaemonLog;
import dev.animus.daemon.DaemonScope;
import dev.animus.daemon.RunningDaemon;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevCommand;
import dev.animus.shell.render.Terminal;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code animus daemon start}: the project's daemon, in the background (or in the foreground). */
@Command(
        name = "start",
        mixinStandardHelpOptions = true,
        description = {
            "Start the project's daemon.",
            "",
            "Start the project's daemon: one per project root (--project-root, else the nearest directory",
            "with .animus/, else the current one). It keeps the project's plugins running, each with the",
            "project root as its working directory, and answers on its control socket; 'plugin status|call|",
            "ping|info|reset' then use it. Runs 'daemon preflight' first (--skip-preflight skips it). In the",
            "background (the default) it prints the daemon's pid and socket once it answers, and exits;",
            "its log goes to the run directory. --foreground is 'animus daemon run'.",
            "Exits 1 when a daemon already runs for the project (naming its pid) or the daemon fails to",
            "start (with the last lines of its log), 2 when preflight finds a role missing."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus daemon start",
            "  animus daemon start --skip-preflight",
            "  animus --project-root ~/src/app daemon start --auto-install --yes"
        })
public final class StartCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Option(names = "--skip-preflight", description = "Start without checking the roles (see 'daemon preflight').")
    boolean skipPreflight;

    @Option(names = "--auto-install", description = "Install the default plugin of each missing role first.")
    boolean autoInstall;

    @Option(names = "--yes", description = "Confirm --auto-install without asking (needed without a terminal).")
    boolean yes;

    @Option(names = "--foreground", description = "Run in this process until stopped (= 'animus daemon run').")
    boolean foreground;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "30s",
            description = "How long to wait for the daemon to answer (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        Duration wait = DevCommand.duration(timeout, "--timeout");
        DaemonScope scope = root.daemonScope();
        Running.refuseIfRunning(scope);
        if (!skipPreflight) {
            int checked = PreflightCommand.check(daemon, autoInstall, yes, false);
            if (checked != ExitCodes.OK) {
                root.terminal()
                        .error("the daemon was not started: preflight failed (--skip-preflight starts it anyway)");
                return checked;
            }
        }
        if (foreground) {
            return Foreground.run(root, false);
        }
        return background(root, scope, wait);
    }

    static int background(AnimusCommand root, DaemonScope scope, Duration wait) {
        return background(root, scope, wait, true);
    }

    /**
     * Starts the daemon in the background and waits until it answers; {@code report}: prints that it
     * started (else only its failures, for a command that starts it on the way, such as {@code web open}).
     */
    static int background(AnimusCommand root, DaemonScope scope, Duration wait, boolean report) {
        scope.ensureRunDirectory();
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            cmd.add("/usr/bin/setsid"); // its own session: no terminal's hang-up or Ctrl-C reaches it
        }
        cmd.addAll(Launcher.command(root.environment()));
        cmd.addAll(List.of("--project-root", scope.root().toString(), "daemon", "run", "--detached"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(scope.root().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(scope.logFile().toFile()))
                .redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(root.environment());
        Terminal t = root.terminal();
        Process child;
        try {
            child = pb.start();
        } catch (IOException e) {
            throw new CommandFailed(
                    ExitCodes.FAILED, "daemon_start_failed", "cannot start the daemon: " + e.getMessage());
        }
        if (report) {
            t.info("starting the daemon for " + scope.root() + " …");
        } else {
            t.info("no daemon runs for " + scope.root() + ": starting one …");
        }
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            var info = RunningDaemon.find(scope);
            if (info.isPresent()
                    && info.get().pid() == child.pid()
                    && answers(root, info.get().socket())) {
                if (!report) {
                    return ExitCodes.OK;
                }
                if (root.json) {
                    t.printJson(Terminal.envelope("daemon.start")
                            .put("pid", child.pid())
                            .put("socket", info.get().socket().toString())
                            .put("project_root", scope.root().toString())
                            .put("log", scope.logFile().toString()));
                } else {
                    t.result("daemon started: pid " + child.pid() + ", socket "
                            + info.get().socket());
                }
                return ExitCodes.OK;
            }
            if (!child.isAlive()) {
                return died(root, scope, child.exitValue());
            }
            try {
                Thread.sleep(25); // polls another process's files and socket: nothing to wait on
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                child.destroy();
                throw new CommandFailed(ExitCodes.INTERRUPTED, "interrupted", "interrupted: the daemon was stopped");
            }
        }
        child.destroy();
        throw new CommandFailed(
                ExitCodes.FAILED,
                "daemon_start_timeout",
                "the daemon did not answer within " + DurationText.format(wait) + " and was stopped; its log: "
                        + scope.logFile());
    }

    private static boolean answers(AnimusCommand root, Path socket) {
        try {
            root.context().daemonLink(socket);
            return true;
        } catch (RuntimeException notYet) {
            return false;
        }
    }

    private static int died(AnimusCommand root, DaemonScope scope, int exit) {
        Terminal t = root.terminal();
        List<String> tail = DaemonLog.tail(scope.logFile(), 10);
        t.error("the daemon exited during start-up (exit " + exit + "); the last lines of " + scope.logFile() + ":");
        tail.forEach(l -> t.err().println("  " + l));
        t.err().flush();
        return ExitCodes.FAILED;
    }
}
