package dev.animus.daemon;

import dev.animus.core.LogEntry;
import dev.animus.core.LogLevel;
import dev.animus.core.LogParams;
import dev.animus.core.LogSource;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON side of log entries (docs/daemon.md#logs): a plugin's {@code log/entry} params read into
 * core's neutral {@link LogParams}, and a {@link LogEntry} written as and read from its wire object
 * {@code {id, ts, level, source, source_name, target, message, fields}}.
 */
final class LogWire {
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private LogWire() {}

    /** {@code params} (any JSON) in the shape the normaliser judges. */
    static LogParams params(JsonNode params) {
        JsonNode level = params.path("level");
        Optional<String> levelText = level.isMissingNode() || level.isNull()
                ? Optional.empty()
                : Optional.of(level.isString() ? level.asString() : level.toString());
        Map<String, String> fields = new LinkedHashMap<>();
        JsonNode f = params.path("fields");
        if (f.isObject()) {
            for (var e : f.properties()) {
                fields.put(e.getKey(), e.getValue().toString());
            }
        }
        return new LogParams(levelText, text(params, "message"), text(params, "target"), fields);
    }

    private static Optional<String> text(JsonNode params, String name) {
        JsonNode n = params.path(name);
        return n.isString() ? Optional.of(n.asString()) : Optional.empty();
    }

    /** The wire object of {@code e}. */
    static ObjectNode write(LogEntry e) {
        ObjectNode o = JsonNodeFactory.instance
                .objectNode()
                .put("id", e.id())
                .put("ts", e.ts().toString())
                .put("level", e.level().word())
                .put("source", e.source().word())
                .put("source_name", e.sourceName())
                .put("target", e.target())
                .put("message", e.message());
        ObjectNode fields = o.putObject("fields");
        e.fields().forEach((k, v) -> fields.set(k, value(v)));
        return o;
    }

    private static JsonNode value(String jsonText) {
        try {
            return JSON.readTree(jsonText);
        } catch (JacksonException e) { // our own bound's marker or a cut value: kept as text
            return JsonNodeFactory.instance.stringNode(jsonText);
        }
    }

    /** {@code line} of an events file (or a backend's answer) as an entry; empty when it is none. */
    static Optional<LogEntry> read(String line) {
        try {
            return read(JSON.readTree(line));
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }

    /** {@code o} as an entry; empty when it is none (a level, source or time that is not ours). */
    static Optional<LogEntry> read(JsonNode o) {
        if (!o.isObject()) {
            return Optional.empty();
        }
        Optional<LogLevel> level = LogLevel.ofWord(o.path("level").asString(""));
        Optional<LogSource> source = LogSource.ofWord(o.path("source").asString(""));
        if (level.isEmpty() || source.isEmpty()) {
            return Optional.empty();
        }
        Instant ts;
        try {
            ts = Instant.parse(o.path("ts").asString(""));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
        Map<String, String> fields = new LinkedHashMap<>();
        if (o.path("fields").isObject()) {
            for (var e : o.path("fields").properties()) {
                fields.put(e.getKey(), e.getValue().toString());
            }
        }
        return Optional.of(new LogEntry(
                o.path("id").asString(""),
                ts,
                level.get(),
                source.get(),
                o.path("source_name").asString(""),
                o.path("target").asString(""),
                o.path("message").asString(""),
                fields));
    }

    /** {@code e} as one line of JSON, without its line break. */
    static String line(LogEntry e) {
        return write(e).toString();
    }
}
