package dev.animus.plugins.schedule;

import dev.animus.sdk.PluginError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads {@code trigger/watch}'s {@code config} (the plugin's table of {@code .animus/triggers.toml})
 * into schedules, and its {@code cursor} into the last firings. Every refusal is a {@code -32602}
 * whose message starts with the key at fault.
 */
final class ScheduleConfig {
    static final String DEFAULT_ACTION_HINT = "create_task";

    /** Top-level keys: ours, and the host's {@code labels} and {@code kind} (it passes them on). */
    private static final Set<String> KEYS = Set.of("schedules", "labels", "kind");

    private static final Set<String> SCHEDULE_KEYS =
            Set.of("id", "cron", "action_hint", "kind", "title", "description", "labels");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ScheduleConfig() {}

    /** The schedules of {@code config}, in order. */
    static List<Schedule> schedules(JsonNode config) {
        if (config.isMissingNode() || config.isNull()) {
            return List.of();
        }
        if (!config.isObject()) {
            throw PluginError.invalidParams(
                    "config: must be an object (the [schedule] table of .animus/triggers.toml)");
        }
        unknown("config", config, KEYS);
        JsonNode list = config.path("schedules");
        if (list.isMissingNode() || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw PluginError.invalidParams(
                    "config.schedules: must be an array of {id, cron, ...} ([[schedule.schedules]] tables)");
        }
        List<Schedule> out = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (int i = 0; i < list.size(); i++) {
            Schedule s = schedule("config.schedules[" + i + "]", list.get(i));
            if (!ids.add(s.id())) {
                throw PluginError.invalidParams("config.schedules[" + i + "].id: '" + s.id() + "' is used twice");
            }
            out.add(s);
        }
        return out;
    }

    private static Schedule schedule(String at, JsonNode n) {
        if (!n.isObject()) {
            throw PluginError.invalidParams(at + ": must be an object {id, cron, ...}");
        }
        unknown(at, n, SCHEDULE_KEYS);
        String id = string(at, n, "id").orElseThrow(() -> PluginError.invalidParams(at + ".id: missing"));
        if (!ID.matcher(id).matches()) {
            throw PluginError.invalidParams(at + ".id: '" + id + "' must match " + ID.pattern());
        }
        String text = string(at, n, "cron")
                .orElseThrow(() -> PluginError.invalidParams(at + ".cron: missing (schedule '" + id + "')"));
        Cron cron;
        try {
            cron = Cron.parse(text);
        } catch (CronException e) {
            throw PluginError.invalidParams(
                    at + ".cron: schedule '" + id + "': cron '" + text + "': " + e.getMessage());
        }
        if (cron.next(Instant.EPOCH).isEmpty()) {
            throw PluginError.invalidParams(
                    at + ".cron: schedule '" + id + "': cron '" + text + "' never fires (no such day in those months)");
        }
        List<String> labels = new ArrayList<>();
        JsonNode l = n.path("labels");
        if (!l.isMissingNode() && !l.isNull()) {
            if (!l.isArray()) {
                throw PluginError.invalidParams(at + ".labels: must be an array of strings");
            }
            for (JsonNode label : l) {
                if (!label.isString() || label.stringValue().isBlank()) {
                    throw PluginError.invalidParams(at + ".labels: must be an array of non-empty strings");
                }
                labels.add(label.stringValue());
            }
        }
        return new Schedule(
                id,
                cron,
                string(at, n, "action_hint").orElse(DEFAULT_ACTION_HINT),
                string(at, n, "kind"),
                string(at, n, "title").orElse("scheduled: " + id),
                string(at, n, "description"),
                labels);
    }

    /**
     * The last firing of each schedule by id, as the cursor holds it: the JSON text this plugin
     * put in its events (or that object itself). Empty for no cursor.
     *
     * @throws IllegalArgumentException for a cursor that is not such an object, naming what is wrong
     */
    static Map<String, Instant> cursor(JsonNode cursor) {
        if (cursor.isMissingNode() || cursor.isNull()) {
            return Map.of();
        }
        JsonNode o = cursor;
        if (cursor.isString()) {
            try {
                o = JSON.readTree(cursor.stringValue());
            } catch (JacksonException e) {
                throw new IllegalArgumentException("the cursor is no JSON text: " + e.getOriginalMessage());
            }
        }
        if (!o.isObject()) {
            throw new IllegalArgumentException("the cursor is no object of schedule id to instant");
        }
        Map<String, Instant> out = new LinkedHashMap<>();
        for (var e : o.properties()) {
            try {
                out.put(e.getKey(), Instant.parse(e.getValue().asString("")));
            } catch (java.time.format.DateTimeParseException ex) {
                throw new IllegalArgumentException("the cursor's '" + e.getKey() + "' is no RFC 3339 instant");
            }
        }
        return out;
    }

    private static void unknown(String at, JsonNode n, Set<String> keys) {
        for (String key : n.propertyNames()) {
            if (!keys.contains(key)) {
                throw PluginError.invalidParams(at + "." + key + ": unknown key; the keys are " + new TreeSet<>(keys));
            }
        }
    }

    private static Optional<String> string(String at, JsonNode n, String key) {
        JsonNode v = n.path(key);
        if (v.isMissingNode() || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isString() || v.stringValue().isBlank()) {
            throw PluginError.invalidParams(at + "." + key + ": must be a non-empty string");
        }
        return Optional.of(v.stringValue());
    }
}
