package dev.animus.conformance;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The values a scenario's {@code ${name}} placeholders stand for: the plugin's facts (its domain
 * method, its subject kind, ...), the run's (the throwaway project root, a fresh session id) and
 * what earlier steps captured. A string that is exactly one placeholder becomes that value (of any
 * JSON type); a placeholder inside a longer string is replaced by the value's text. Not
 * thread-safe: one per scenario run.
 */
final class Variables {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-z_0-9]+)}");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Map<String, JsonNode> values;

    Variables(Map<String, JsonNode> values) {
        this.values = new HashMap<>(values);
    }

    void put(String name, JsonNode value) {
        values.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
    }

    Optional<JsonNode> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /**
     * {@code node} with every placeholder replaced.
     *
     * @throws IllegalArgumentException naming the first placeholder that has no value
     */
    JsonNode resolve(JsonNode node) {
        if (node.isString()) {
            return resolveString(node.asString());
        }
        if (node.isObject()) {
            ObjectNode copy = NODES.objectNode();
            node.properties().forEach(e -> copy.set(e.getKey(), resolve(e.getValue())));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = NODES.arrayNode();
            node.forEach(e -> copy.add(resolve(e)));
            return copy;
        }
        return node;
    }

    /** {@code text} with every placeholder replaced by its value's text (a string's own characters). */
    String interpolate(String text) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            JsonNode v = value(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(v.isString() ? v.asString() : v.toString()));
        }
        m.appendTail(out);
        return out.toString();
    }

    private JsonNode resolveString(String text) {
        Matcher whole = PLACEHOLDER.matcher(text);
        if (whole.matches()) {
            return value(whole.group(1)).deepCopy();
        }
        return text.contains("${") ? NODES.stringNode(interpolate(text)) : NODES.stringNode(text);
    }

    private JsonNode value(String name) {
        JsonNode v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("the scenario uses ${" + name + "}, which has no value here");
        }
        return v;
    }
}
