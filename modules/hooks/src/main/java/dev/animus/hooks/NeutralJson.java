package dev.animus.hooks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Jackson trees to and from the neutral tree core's hook rules read ({@code Map}, {@code List},
 * {@code String}, {@code Number}, {@code Boolean}, {@code null}).
 */
public final class NeutralJson {
    private NeutralJson() {}

    /** {@code node} as the neutral tree. */
    public static Object toNeutral(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isObject()) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                m.put(e.getKey(), toNeutral(e.getValue()));
            }
            return m;
        }
        if (node.isArray()) {
            List<Object> l = new ArrayList<>(node.size());
            node.forEach(n -> l.add(toNeutral(n)));
            return l;
        }
        if (node.isNumber()) {
            return node.numberValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isString()) {
            return node.stringValue();
        }
        return node.toString(); // binary or POJO nodes: not JSON a plugin can send; a string is refused by shape
    }

    /** The neutral tree {@code value} as JSON. */
    public static JsonNode toJson(Object value) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (value) {
            case null -> f.nullNode();
            case Map<?, ?> m -> {
                ObjectNode o = f.objectNode();
                m.forEach((k, v) -> o.set(String.valueOf(k), toJson(v)));
                yield o;
            }
            case List<?> l -> {
                ArrayNode a = f.arrayNode();
                l.forEach(v -> a.add(toJson(v)));
                yield a;
            }
            case String s -> f.stringNode(s);
            case Boolean b -> f.booleanNode(b);
            case Double d -> f.numberNode(d);
            case Long n -> f.numberNode(n);
            case Integer n -> f.numberNode(n);
            case java.math.BigDecimal d -> f.numberNode(d);
            case java.math.BigInteger i -> f.numberNode(i);
            case Number n -> f.numberNode(n.doubleValue());
            default ->
                throw new IllegalArgumentException(
                        "not a JSON value: " + value.getClass().getName());
        };
    }
}
