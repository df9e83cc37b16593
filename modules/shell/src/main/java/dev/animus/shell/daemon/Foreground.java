package dev.animus.shell.daemon;

import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonLog;
import dev.animus.daemon.DaemonRun;
import dev.animus.daemon.DaemonScope;
import dev.animus.daemon.LogRouter;
import dev.animus.discovery.AnimusPaths;
import dev.animus.runtime.Animus;
import dev.animus.runtime.HostVersion;
import dev.animus.runtime.Plugins;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.ShellThreads;
import dev.animus.shell.completion.DaemonCompletion;
import dev.animus.shell.render.Failures;
import java.io.IOException;
import java.io.PrintStream;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/**
 * The daemon in this process, until it is asked to stop ({@code daemon/stop}, SIGTERM, SIGINT or
 * Ctrl-C): what {@code animus daemon run} (and the process {@code daemon start} spawns) does.
 * Detached, its log (the shell's standard error, where slf4j writes) goes to the scope's rotated
 * log file.
 */
final class Foreground {
    private Foreground() {}

    static int run(AnimusCommand root, boolean detached) {
        DaemonScope scope = root.daemonScope();
        Optional<DaemonLog> log = Optional.empty();
        PrintStream stderr = System.err;
        try {
            if (detached) {
                scope.ensureRunDirectory();
                DaemonLog opened = DaemonLog.open(scope);
                log = Optional.of(opened);
                System.setErr(opened.printStream()); // slf4j-simple writes to System.err as it is at each line
            }
            LogRouter logs = LogRouter.start(
                    LogRouter.Options.of(Optional.of(scope.eventsFile()), root.environment(), InstantSource.system()));
            log.ifPresent(l -> l.onLine(logs::daemonLine));
            Plugins plugins = Plugins.start(DaemonPlugins.options(root, scope).withLogLines(logs::accept, logs::lost));
            Animus animus = root.context().animus(AnimusPaths.from(root.environment(), scope.root()));
            DaemonRun run = DaemonRun.start(
                    scope,
                    animus,
                    plugins,
                    HostVersion.current(),
                    log.map(l -> scope.logFile()),
                    InstantSource.system(),
                    logs,
                    true,
                    List.of(DaemonCompletion.method(root.context(), animus, plugins)));
            Thread hook = ShellThreads.unstarted("animus-daemon-signal", () -> {
                run.daemon().requestStop("signal");
                run.close();
            });
            Runtime.getRuntime().addShutdownHook(hook);
            root.terminal()
                    .info("daemon " + ProcessHandle.current().pid() + " serving " + scope.root() + " on "
                            + scope.socket());
            String why = awaitStop(run);
            run.close();
            removeHook(hook);
            root.terminal().info("daemon " + ProcessHandle.current().pid() + " stopped (" + why + ")");
            return ExitCodes.OK;
        } catch (DaemonFailure e) {
            throw Failures.of(e);
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            throw new CommandFailed(ExitCodes.FAILED, "daemon_socket", e.getMessage());
        } finally {
            if (log.isPresent()) {
                System.setErr(stderr);
                try {
                    log.get().close();
                } catch (IOException e) {
                    root.terminal().warn("cannot close the daemon's log: " + e.getMessage());
                }
            }
        }
    }

    private static String awaitStop(DaemonRun run) {
        try {
            return run.daemon().whenStopRequested().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // Ctrl-C in the shell: stop
            return "interrupted";
        } catch (ExecutionException e) {
            return "failed";
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs (or ran) the same close: nothing to remove
        }
    }
}
