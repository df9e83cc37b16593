package dev.animus.host;

import dev.animus.core.ProcessState;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A snapshot of one supervised plugin, for {@code animus plugin status}.
 *
 * @param pid the process, while there is one
 * @param uptime since the current process became Ready
 * @param launchTime how long the current process took from spawn to Ready
 * @param inFlight requests sent and not answered
 * @param restarts auto-restarts after crashes
 * @param crashesInWindow crashes inside the sliding window now
 * @param crashLimit crashes in the window that disable the plugin
 * @param since when the current state was entered (wall clock)
 * @param lastError the failure of the last crash, one line
 */
public record PluginStatus(
        String name,
        ProcessState state,
        OptionalLong pid,
        Optional<Duration> uptime,
        Optional<Duration> launchTime,
        int inFlight,
        int restarts,
        int crashesInWindow,
        int crashLimit,
        Instant since,
        Optional<String> lastError) {

    public PluginStatus {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(pid, "pid");
        Objects.requireNonNull(uptime, "uptime");
        Objects.requireNonNull(launchTime, "launchTime");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(lastError, "lastError");
    }
}
