package dev.animus.daemon;

import java.util.Optional;

/**
 * For clients (the CLI, the shell): whether a daemon runs for a scope, and what its
 * {@code <scope>.json} says about it. A daemon runs when its lock is held and the pid its info
 * names is alive (and is that process: its start time matches). Reads only; never removes a stale
 * file (that is the next daemon's job, under the lock).
 */
public final class RunningDaemon {
    private RunningDaemon() {}

    /**
     * The info of the live daemon of {@code scope}; empty when none runs, or when one is starting
     * (its lock is held but its info not yet written: see {@link #locked}).
     */
    public static Optional<DaemonInfo> find(DaemonScope scope) {
        if (!LockFiles.held(scope.lockFile())) {
            return Optional.empty();
        }
        return InfoJson.read(scope.infoFile()).filter(DaemonInfo::alive);
    }

    /** Whether some process holds the scope's lock (a daemon running or starting). */
    public static boolean locked(DaemonScope scope) {
        return LockFiles.held(scope.lockFile());
    }
}
