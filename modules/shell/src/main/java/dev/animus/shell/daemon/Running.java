package dev.animus.shell.daemon;

import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.DaemonInfo;
import dev.animus.daemon.DaemonLink;
import dev.animus.daemon.DaemonScope;
import dev.animus.daemon.RunningDaemon;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import java.util.Optional;

/** The running daemon a {@code daemon} command talks to, or the one line saying none runs. */
final class Running {
    private Running() {}

    /** The daemon of {@code root}'s project, connected; empty when none runs. */
    static Optional<Connected> find(AnimusCommand root) {
        DaemonScope scope = root.daemonScope();
        Optional<DaemonInfo> info = RunningDaemon.find(scope);
        if (info.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Connected(
                    scope, info.get(), root.context().daemonLink(info.get().socket())));
        } catch (DaemonFailure e) {
            throw Failures.of(e);
        }
    }

    /** The daemon of {@code root}'s project, or a failure (exit 1) naming the project and how to start one. */
    static Connected require(AnimusCommand root) {
        return find(root).orElseThrow(() -> notRunning(root.daemonScope()));
    }

    /** Fails (exit 1) naming the running daemon's pid and socket when one runs for {@code scope}. */
    static void refuseIfRunning(DaemonScope scope) {
        RunningDaemon.find(scope).ifPresent(info -> {
            throw new CommandFailed(
                            ExitCodes.FAILED,
                            "daemon_already_running",
                            "a daemon already runs for " + scope.root() + " (pid " + info.pid() + ", socket "
                                    + info.socket() + "); 'animus daemon stop' stops it")
                    .withFix(Optional.of("animus daemon stop"));
        });
    }

    static CommandFailed notRunning(DaemonScope scope) {
        return new CommandFailed(
                        ExitCodes.FAILED,
                        "daemon_not_running",
                        "no daemon runs for " + scope.root() + " (start one: 'animus daemon start')")
                .withFix(Optional.of("animus daemon start"));
    }

    /** A running daemon: its scope, what its info file says, the connection. */
    record Connected(DaemonScope scope, DaemonInfo info, DaemonLink link) {}
}
