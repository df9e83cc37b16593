package dev.animus.core;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One normalised log line of the daemon's log router (docs/daemon.md#logs): what the daemon or a
 * plugin said, bounded and safe to print.
 *
 * @param id unique within the daemon's run ({@code <run start>-<counter>})
 * @param ts when the router took it
 * @param source who wrote it
 * @param sourceName the daemon's, plugin's or command's name (a plugin's is its installed name,
 *     never what it claims)
 * @param target the subsystem inside the source (a logger name; may be empty)
 * @param message one line, at most {@link LogBounds#MESSAGE_MAX_BYTES} bytes of UTF-8
 * @param fields structured extras: each value is JSON text (an object's member as it was sent),
 *     together at most {@link LogBounds#FIELDS_MAX_BYTES}; in the order given
 */
public record LogEntry(
        String id,
        Instant ts,
        LogLevel level,
        LogSource source,
        String sourceName,
        String target,
        String message,
        Map<String, String> fields) {
    public LogEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ts, "ts");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sourceName, "sourceName");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(message, "message");
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(fields, "fields")));
    }
}
