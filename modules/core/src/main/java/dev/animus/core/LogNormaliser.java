package dev.animus.core;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Turns what a plugin or the daemon said into a bounded {@link LogEntry} (docs/protocol.md#logging):
 * the level word read leniently ({@link LogLevel#lenient}; an unknown or absent one is {@code info},
 * an unknown one kept as the field {@code level}), the message required, message and target made
 * one escaped line within {@link LogBounds}, fields within theirs. A plugin's entry always has
 * source {@code plugin} and the plugin's installed name: it cannot claim to be the daemon. Pure,
 * never throws on any params.
 */
public final class LogNormaliser {
    /** What became of a plugin's params. */
    public sealed interface Outcome {
        /** A well-formed entry. */
        record Accepted(LogEntry entry) implements Outcome {}

        /** Params that are no entry (no message): dropped and counted. */
        record Malformed(String reason) implements Outcome {}
    }

    private LogNormaliser() {}

    /** The entry of {@code plugin}'s {@code log/entry} {@code params}, stamped {@code id} and {@code ts}. */
    public static Outcome plugin(String plugin, LogParams params, String id, Instant ts) {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(params, "params");
        if (params.message().isEmpty()) {
            return new Outcome.Malformed("log/entry of " + OneLine.of(plugin) + " has no string message");
        }
        Map<String, String> fields = new LinkedHashMap<>(params.fields());
        Optional<LogLevel> level = params.level().flatMap(LogLevel::lenient);
        if (level.isEmpty() && params.level().isPresent()) {
            fields.put("level", LogBounds.quote(params.level().get()));
        }
        return new Outcome.Accepted(entry(
                id,
                ts,
                level.orElse(LogLevel.INFO),
                LogSource.PLUGIN,
                plugin,
                params.target().orElse(""),
                params.message().get(),
                fields));
    }

    /** An entry of any source with every bound applied. */
    public static LogEntry entry(
            String id,
            Instant ts,
            LogLevel level,
            LogSource source,
            String sourceName,
            String target,
            String message,
            Map<String, String> fields) {
        return new LogEntry(
                id,
                ts,
                level,
                source,
                LogBounds.line(sourceName, LogBounds.NAME_MAX_BYTES),
                LogBounds.line(target, LogBounds.NAME_MAX_BYTES),
                LogBounds.line(message, LogBounds.MESSAGE_MAX_BYTES),
                LogBounds.fields(fields));
    }
}
