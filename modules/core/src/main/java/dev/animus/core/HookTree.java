package dev.animus.core;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads the neutral JSON tree hooks are exchanged as (a {@code Map<String, Object>} for an object,
 * a {@code List<Object>} for an array, {@code String}, {@code Number}, {@code Boolean}, and
 * {@code null}), refusing anything but the exact shape with a {@link Problem} naming the path.
 * Core has no JSON library: the adapter that reads the bytes builds the tree.
 */
final class HookTree {
    private HookTree() {}

    /** What is wrong with a tree, at which path. */
    static final class Problem extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final Abstention.Reason reason;

        Problem(Abstention.Reason reason, String path, String what) {
            super(path + ": " + what, null, false, false);
            this.reason = reason;
        }

        Abstention.Reason reason() {
            return reason;
        }
    }

    /** {@code value} as an object holding every key of {@code required} and nothing else. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value, String path, Set<String> required) {
        if (!(value instanceof Map<?, ?> map)) {
            throw shape(path, "expected an object, got " + kind(value));
        }
        Set<String> extra = new TreeSet<>();
        for (Object key : map.keySet()) {
            if (!required.contains(key)) {
                extra.add(String.valueOf(key));
            }
        }
        if (!extra.isEmpty()) {
            throw new Problem(
                    Abstention.Reason.EXTRA_FIELDS,
                    path,
                    "field" + (extra.size() == 1 ? " " : "s ")
                            + String.join(
                                    ", ",
                                    extra.stream()
                                            .map(k -> ManifestRules.quote(OneLine.escape(clip(k))))
                                            .toList())
                            + " not defined (allowed: " + String.join(", ", new TreeSet<>(required)) + ")");
        }
        for (String key : new TreeSet<>(required)) {
            if (!map.containsKey(key)) {
                throw shape(path, "field " + key + " is missing");
            }
        }
        return (Map<String, Object>) map;
    }

    /** {@code value} as an array of at most {@code max} items. */
    @SuppressWarnings("unchecked")
    static List<Object> array(Object value, String path, int max) {
        if (!(value instanceof List<?> list)) {
            throw shape(path, "expected an array, got " + kind(value));
        }
        if (list.size() > max) {
            throw shape(path, list.size() + " items, more than " + max);
        }
        return (List<Object>) list;
    }

    /** {@code value} as a string of {@code min} to {@code max} characters. */
    static String string(Object value, String path, int min, int max) {
        if (!(value instanceof String s)) {
            throw shape(path, "expected a string, got " + kind(value));
        }
        if (s.length() < min || s.length() > max) {
            throw shape(path, s.length() + " characters, outside " + min + ".." + max);
        }
        return s;
    }

    /** {@code value} as a boolean. */
    static boolean bool(Object value, String path) {
        if (!(value instanceof Boolean b)) {
            throw shape(path, "expected true or false, got " + kind(value));
        }
        return b;
    }

    /** {@code value} as a probability: a finite number in [0, 1]. */
    static double probability(Object value, String path) {
        if (!(value instanceof Number n)) {
            throw shape(path, "expected a probability, got " + kind(value));
        }
        double p = n.doubleValue();
        if (!Double.isFinite(p) || p < 0 || p > 1) {
            throw shape(path, "probability " + n + " is not in [0, 1]");
        }
        return p;
    }

    static Problem shape(String path, String what) {
        return new Problem(Abstention.Reason.INVALID_SHAPE, path, what);
    }

    private static String kind(Object value) {
        return switch (value) {
            case null -> "null";
            case Map<?, ?> m -> "an object";
            case List<?> l -> "an array";
            case String s -> "a string";
            case Number n -> "a number";
            case Boolean b -> "a boolean";
            default -> value.getClass().getSimpleName();
        };
    }

    /** At most 40 characters of a name a plugin chose (it may be long). */
    static String clip(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }
}
