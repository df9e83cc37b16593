package dev.animus.daemon;

import dev.animus.core.LogEntry;
import dev.animus.core.LogLevel;
import dev.animus.core.LogSource;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code daemon/logs} asks of the routed entries (docs/daemon.md#logs).
 *
 * @param minimum the least level kept
 * @param plugin only the entries of this plugin (source {@code plugin}, this source name)
 * @param source only entries of this source
 * @param since only entries at or after this time
 * @param lines how many of the last matching entries the history holds
 */
record LogQuery(
        Optional<LogLevel> minimum,
        Optional<String> plugin,
        Optional<LogSource> source,
        Optional<Instant> since,
        int lines) {
    /** The most entries one history holds. */
    static final int MAX_LINES = 10_000;

    LogQuery {
        Objects.requireNonNull(minimum, "minimum");
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(since, "since");
        if (lines < 0 || lines > MAX_LINES) {
            throw new IllegalArgumentException("lines must be 0 to " + MAX_LINES + ": " + lines);
        }
    }

    /** Whether {@code e} is one of the asked entries. */
    boolean keeps(LogEntry e) {
        return minimum.map(m -> e.level().atLeast(m)).orElse(true)
                && plugin.map(p ->
                                e.source() == LogSource.PLUGIN && e.sourceName().equals(p))
                        .orElse(true)
                && source.map(s -> e.source() == s).orElse(true)
                && since.map(t -> !e.ts().isBefore(t)).orElse(true);
    }
}
