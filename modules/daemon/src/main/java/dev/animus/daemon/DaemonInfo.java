package dev.animus.daemon;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * What {@code <scope>.json} says about a daemon: the project root it serves, its pid, when it
 * started, the Animus version it runs and its control socket. The file also holds the process's
 * start time in clock ticks since boot and the boot's id (docs/operations.md#the-daemons-files),
 * which tell a live daemon from a process that reused its pid.
 *
 * @param root the canonical project root
 * @param pid the daemon's process id
 * @param startedAt when the daemon took its lock
 * @param version the Animus version the daemon runs
 * @param socket the control socket's path
 * @param startTicks the process's start time from {@code /proc/<pid>/stat}, 0 when unknown
 * @param bootId the boot the process started in, empty when unknown
 */
public record DaemonInfo(
        Path root, long pid, Instant startedAt, String version, Path socket, long startTicks, String bootId) {
    public DaemonInfo {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(socket, "socket");
        Objects.requireNonNull(bootId, "bootId");
    }

    /** Whether the process this names still runs (and is that process, not one with its pid reused). */
    public boolean alive() {
        return Procfs.isSameRunning(pid, startTicks, bootId);
    }
}
