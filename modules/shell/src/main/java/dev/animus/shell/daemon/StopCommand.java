package dev.animus.shell.daemon;

import dev.animus.core.DurationText;
import dev.animus.daemon.DaemonScope;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.dev.DevCommand;
import dev.animus.shell.render.Terminal;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.JsonNodeFactory;

/** {@code animus daemon stop}: a graceful stop of the project's daemon. */
@Command(
        name = "stop",
        mixinStandardHelpOptions = true,
        description = {
            "Stop the project's daemon.",
            "",
            "Stop the project's daemon gracefully: every plugin is shut down (shutdown, exit, then signals",
            "after their bounds) and the socket and pid files are removed. Waits until the process is gone;",
            "after --timeout it is sent SIGTERM, then SIGKILL. Nothing to stop is not an error."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus daemon stop", "  animus daemon stop --timeout 10s"})
public final class StopCommand implements Callable<Integer> {

    @ParentCommand
    DaemonCommand daemon;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "60s",
            description = "How long the graceful stop may take (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Override
    public Integer call() {
        AnimusCommand root = daemon.root;
        Duration wait = DevCommand.duration(timeout, "--timeout");
        Optional<Running.Connected> running = Running.find(root);
        Terminal t = root.terminal();
        if (running.isEmpty()) {
            DaemonScope scope = root.daemonScope();
            if (root.json) {
                t.printJson(Terminal.envelope("daemon.stop")
                        .put("project_root", scope.root().toString())
                        .put("stopped", false)
                        .put("was_running", false));
            } else {
                t.result("no daemon runs for " + scope.root());
            }
            return ExitCodes.OK;
        }
        long pid = stop(root, running.get(), wait);
        if (root.json) {
            t.printJson(Terminal.envelope("daemon.stop")
                    .put("project_root", running.get().scope().root().toString())
                    .put("stopped", true)
                    .put("was_running", true)
                    .put("pid", pid));
        } else {
            t.result("daemon " + pid + " stopped");
        }
        return ExitCodes.OK;
    }

    /** Asks {@code running} to stop and waits until its process is gone; returns its pid. */
    static long stop(AnimusCommand root, Running.Connected running, Duration wait) {
        long pid = running.info().pid();
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        try {
            running.link().request("daemon/stop", JsonNodeFactory.instance.objectNode());
        } catch (RuntimeException gone) {
            // it may close the connection as it stops: the process tells
        }
        running.link().close();
        root.context().closeDaemonLinks();
        if (process.isEmpty()) {
            return pid;
        }
        try {
            process.get().onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return pid;
        } catch (TimeoutException e) {
            root.terminal()
                    .warn("daemon " + pid + " did not stop within " + DurationText.format(wait) + ": sending SIGTERM");
            process.get().destroy();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommandFailed(ExitCodes.INTERRUPTED, "interrupted", "interrupted while daemon " + pid + " stops");
        } catch (ExecutionException e) {
            return pid;
        }
        try {
            process.get().onExit().get(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            process.get().destroyForcibly();
            root.terminal().warn("daemon " + pid + " ignored SIGTERM: sent SIGKILL");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            return pid;
        }
        return pid;
    }
}
