package dev.animus.daemon;

import java.util.Objects;

/**
 * One plugin process the daemon spawned, as {@code <scope>.plugins.json} records it: enough to
 * find it again after the daemon was killed, and never to mistake another process for it.
 *
 * @param plugin the plugin's name (for the log)
 * @param pid its process id; it leads its own session (plugins are started by {@code setsid})
 * @param startTicks its start time, field 22 of {@code /proc/<pid>/stat} (clock ticks since boot)
 * @param bootId the boot it started in ({@code /proc/sys/kernel/random/boot_id}); a record of
 *     another boot names no live process
 */
public record PluginRecord(String plugin, long pid, long startTicks, String bootId) {
    public PluginRecord {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(bootId, "bootId");
        if (pid <= 0) {
            throw new IllegalArgumentException("a pid is positive: " + pid);
        }
    }

    /** Whether the process this names still runs: same pid, same start time, same boot. */
    public boolean alive() {
        return startTicks > 0 && Procfs.isSameRunning(pid, startTicks, bootId);
    }
}
