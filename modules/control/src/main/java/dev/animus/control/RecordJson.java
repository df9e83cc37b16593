package dev.animus.control;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wire form of the host's values (records, sealed families of records, enums) so that a client
 * of the daemon gets the very value the in-process use case would have produced (and shows it the
 * same way): a record is an object of its components by name; a component whose declared type is a
 * sealed interface carries {@code "type": <the record's simple name>}; {@code Optional} is the value
 * or absent; {@code Duration} and {@code Instant} are their ISO-8601 text; {@code Path} its text.
 *
 * <p>Only public records of exported packages can be written and read back (the canonical
 * constructor validates, as for any other value). Stateless and thread-safe.
 */
public final class RecordJson {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private RecordJson() {}

    /** {@code value} as JSON, typed by its declared type {@code type} (a sealed interface adds the tag). */
    public static JsonNode write(Object value, Class<?> type) {
        return write(value, (Type) type);
    }

    /**
     * Reads a value of {@code type} written by {@link #write}.
     *
     * @throws IllegalArgumentException naming the field that does not fit
     */
    public static <T> T read(JsonNode node, Class<T> type) {
        return type.cast(read(node, (Type) type, type.getSimpleName()));
    }

    private static JsonNode write(Object value, Type type) {
        if (value == null) {
            return JSON.nullNode(); // a null inside a document's map
        }
        Class<?> raw = raw(type);
        return switch (value) {
            case String s -> JSON.stringNode(s);
            case Boolean b -> JSON.booleanNode(b);
            case Integer i -> JSON.numberNode(i);
            case Long l -> JSON.numberNode(l);
            case Double d -> JSON.numberNode(d);
            case java.math.BigDecimal d -> JSON.numberNode(d);
            case java.math.BigInteger i -> JSON.numberNode(i);
            case Float f -> JSON.numberNode(f);
            case Short i -> JSON.numberNode(i);
            case Byte i -> JSON.numberNode(i);
            case Duration d -> JSON.stringNode(d.toString());
            case Instant i -> JSON.stringNode(i.toString());
            case Path p -> JSON.stringNode(p.toString());
            case JsonNode n -> n.deepCopy();
            case Enum<?> e -> JSON.stringNode(e.name());
            case OptionalInt o -> o.isPresent() ? JSON.numberNode(o.getAsInt()) : JSON.nullNode();
            case OptionalLong o -> o.isPresent() ? JSON.numberNode(o.getAsLong()) : JSON.nullNode();
            case Optional<?> o -> o.isPresent() ? write(o.get(), argument(type, 0)) : JSON.nullNode();
            case java.util.Collection<?> list -> {
                ArrayNode a = JSON.arrayNode();
                list.forEach(e -> a.add(write(e, argument(type, 0))));
                yield a;
            }
            case Map<?, ?> map -> {
                ObjectNode o = JSON.objectNode();
                map.forEach((k, v) -> o.set(k.toString(), write(v, argument(type, 1))));
                yield o;
            }
            case Record r -> record(r, raw.isSealed() && raw.isInterface());
            default ->
                throw new IllegalArgumentException(
                        "cannot write a " + value.getClass().getName());
        };
    }

    private static ObjectNode record(Record r, boolean tagged) {
        ObjectNode o = JSON.objectNode();
        if (tagged) {
            o.put("type", r.getClass().getSimpleName());
        }
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v;
            try {
                v = c.getAccessor().invoke(r);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalArgumentException("cannot read " + c.getName() + " of " + r.getClass(), e);
            }
            JsonNode written = write(v, c.getGenericType());
            if (!written.isNull()) {
                o.set(c.getName(), written);
            }
        }
        return o;
    }

    @SuppressWarnings("unchecked")
    private static Object read(JsonNode node, Type type, String where) {
        Class<?> raw = raw(type);
        if (raw == Optional.class) {
            return node == null || node.isNull() ? Optional.empty() : Optional.of(read(node, argument(type, 0), where));
        }
        if (raw == OptionalInt.class) {
            return node == null || node.isNull()
                    ? OptionalInt.empty()
                    : OptionalInt.of(number(node, where).intValue());
        }
        if (raw == OptionalLong.class) {
            return node == null || node.isNull()
                    ? OptionalLong.empty()
                    : OptionalLong.of(number(node, where).longValue());
        }
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw new IllegalArgumentException(where + " is missing");
        }
        if (raw == String.class) {
            return text(node, where);
        }
        if (raw == boolean.class || raw == Boolean.class) {
            if (!node.isBoolean()) {
                throw new IllegalArgumentException(where + " is not a boolean");
            }
            return node.booleanValue();
        }
        if (raw == int.class || raw == Integer.class) {
            return number(node, where).intValue();
        }
        if (raw == long.class || raw == Long.class) {
            return number(node, where).longValue();
        }
        if (raw == double.class || raw == Double.class) {
            return number(node, where).doubleValue();
        }
        if (raw == Duration.class) {
            return Duration.parse(text(node, where));
        }
        if (raw == Instant.class) {
            return Instant.parse(text(node, where));
        }
        if (raw == Path.class) {
            return Path.of(text(node, where));
        }
        if (JsonNode.class.isAssignableFrom(raw)) {
            return node.deepCopy();
        }
        if (raw.isEnum()) {
            return enumValue(raw, text(node, where), where);
        }
        if (raw == List.class) {
            if (!node.isArray()) {
                throw new IllegalArgumentException(where + " is not an array");
            }
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                out.add(read(node.get(i), argument(type, 0), where + "[" + i + "]"));
            }
            return List.copyOf(out);
        }
        if (raw == java.util.Set.class || raw == java.util.SortedSet.class) {
            if (!node.isArray()) {
                throw new IllegalArgumentException(where + " is not an array");
            }
            java.util.Set<Object> out =
                    raw == java.util.SortedSet.class ? new java.util.TreeSet<>() : new java.util.LinkedHashSet<>();
            for (int i = 0; i < node.size(); i++) {
                out.add(read(node.get(i), argument(type, 0), where + "[" + i + "]"));
            }
            return raw == java.util.SortedSet.class
                    ? java.util.Collections.unmodifiableSortedSet((java.util.SortedSet<Object>) out)
                    : java.util.Collections.unmodifiableSet(out);
        }
        if (raw == java.util.SortedMap.class) {
            if (!node.isObject()) {
                throw new IllegalArgumentException(where + " is not an object");
            }
            java.util.SortedMap<String, Object> out = new java.util.TreeMap<>();
            for (var e : node.properties()) {
                out.put(e.getKey(), read(e.getValue(), argument(type, 1), where + "." + e.getKey()));
            }
            return java.util.Collections.unmodifiableSortedMap(out);
        }
        if (raw == Map.class) {
            if (!node.isObject()) {
                throw new IllegalArgumentException(where + " is not an object");
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (var e : node.properties()) {
                out.put(e.getKey(), read(e.getValue(), argument(type, 1), where + "." + e.getKey()));
            }
            return java.util.Collections.unmodifiableMap(out);
        }
        if (raw.isInterface() && raw.isSealed()) {
            return read(node, permitted(raw, text(node.path("type"), where + ".type"), where), where);
        }
        if (raw.isRecord()) {
            return construct(raw, node, where);
        }
        if (raw == Object.class) {
            return plain(node);
        }
        throw new IllegalArgumentException("cannot read a " + raw.getName() + " at " + where);
    }

    /** A value of declared type {@code Object} (a document's values): maps, lists, text, numbers, booleans. */
    private static Object plain(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> out = new LinkedHashMap<>();
            node.properties().forEach(e -> out.put(e.getKey(), plain(e.getValue())));
            return java.util.Collections.unmodifiableMap(out);
        }
        if (node.isArray()) {
            List<Object> out = new ArrayList<>();
            node.forEach(e -> out.add(plain(e)));
            return java.util.Collections.unmodifiableList(out);
        }
        if (node.isString()) {
            return node.stringValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isNumber()) {
            return node.numberValue();
        }
        return null;
    }

    private static Object construct(Class<?> raw, JsonNode node, String where) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + " is not an object");
        }
        RecordComponent[] components = raw.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            args[i] = read(
                    node.get(components[i].getName()),
                    components[i].getGenericType(),
                    where + "." + components[i].getName());
        }
        try {
            return raw.getDeclaredConstructor(types).newInstance(args);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(
                    where + " is not a valid " + raw.getSimpleName() + ": "
                            + e.getCause().getMessage(),
                    e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot make a " + raw.getName() + " (" + e + ")", e);
        }
    }

    private static Class<?> permitted(Class<?> sealed, String name, String where) {
        for (Class<?> sub : sealed.getPermittedSubclasses()) {
            if (sub.getSimpleName().equals(name) && sub.isRecord()) {
                return sub;
            }
            if (sub.isInterface() && sub.isSealed()) {
                try {
                    return permitted(sub, name, where);
                } catch (IllegalArgumentException notThere) {
                    // look on
                }
            }
        }
        throw new IllegalArgumentException(where + ": " + name + " is not a kind of " + sealed.getSimpleName());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Class<?> raw, String name, String where) {
        try {
            return Enum.valueOf((Class) raw, name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + name + " is not a " + raw.getSimpleName(), e);
        }
    }

    private static String text(JsonNode node, String where) {
        if (node == null || !node.isString()) {
            throw new IllegalArgumentException(where + " is not a string");
        }
        return node.stringValue();
    }

    private static Number number(JsonNode node, String where) {
        if (!node.isNumber()) {
            throw new IllegalArgumentException(where + " is not a number");
        }
        return node.numberValue();
    }

    private static Class<?> raw(Type type) {
        return switch (type) {
            case Class<?> c -> c;
            case ParameterizedType p -> (Class<?>) p.getRawType();
            default -> Object.class;
        };
    }

    private static Type argument(Type type, int index) {
        if (type instanceof ParameterizedType p) {
            return p.getActualTypeArguments()[index];
        }
        return Object.class;
    }
}
