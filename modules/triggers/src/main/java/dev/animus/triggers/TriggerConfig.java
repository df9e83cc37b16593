package dev.animus.triggers;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One trigger's table of {@code .animus/triggers.toml} (docs/daemon.md#triggers): passed whole to
 * the plugin as {@code trigger/watch}'s {@code config}; the host itself reads {@code labels}
 * (added to every subject it creates for this trigger) and {@code kind} (the subject kind when the
 * event names none).
 */
public record TriggerConfig(ObjectNode table, List<String> labels, Optional<String> kind) {
    public TriggerConfig {
        table = Objects.requireNonNull(table, "table").deepCopy();
        labels = List.copyOf(labels);
        Objects.requireNonNull(kind, "kind");
    }

    /** No table: no config passed, no labels, the default kind. */
    public static TriggerConfig empty() {
        return new TriggerConfig(JsonNodeFactory.instance.objectNode(), List.of(), Optional.empty());
    }

    /** What reading a table gave. Closed. */
    public sealed interface Read {}

    /** A usable table. */
    public record Usable(TriggerConfig config) implements Read {
        public Usable {
            Objects.requireNonNull(config, "config");
        }
    }

    /** A table the host cannot use: the dotted key at fault and why. */
    public record Invalid(String key, String reason) implements Read {
        public Invalid {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * Reads {@code plugin}'s table (a missing node: none). Never throws.
     *
     * @param table the value under the plugin's key
     */
    public static Read read(String plugin, JsonNode table) {
        Objects.requireNonNull(plugin, "plugin");
        if (table == null || table.isMissingNode() || table.isNull()) {
            return new Usable(empty());
        }
        if (!table.isObject()) {
            return new Invalid(plugin, "must be a table ([" + plugin + "])");
        }
        List<String> labels = new ArrayList<>();
        JsonNode l = table.path("labels");
        if (!l.isMissingNode()) {
            if (!l.isArray()) {
                return new Invalid(plugin + ".labels", "must be an array of strings");
            }
            for (JsonNode item : l) {
                if (!item.isString() || item.stringValue().isBlank()) {
                    return new Invalid(plugin + ".labels", "must be an array of non-empty strings");
                }
                labels.add(item.stringValue());
            }
        }
        JsonNode k = table.path("kind");
        Optional<String> kind = Optional.empty();
        if (!k.isMissingNode()) {
            if (!k.isString() || k.stringValue().isBlank()) {
                return new Invalid(plugin + ".kind", "must be a non-empty string");
            }
            kind = Optional.of(k.stringValue());
        }
        return new Usable(new TriggerConfig((ObjectNode) table, labels, kind));
    }
}
