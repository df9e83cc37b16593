package dev.animus.core;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Type-checked access to one table of the neutral data model that both TOML and JSON parse into
 * ({@code String}, any {@code Number}, {@code Boolean}, {@code List<Object>},
 * {@code Map<String, Object>}), naming the field path and the expected type in every error.
 * A key present with a {@code null} value is a type error, not an absent key.
 */
final class ManifestFields {

    private static final Map<String, String> EXAMPLES = Map.of(
            "name", "name = \"my-plugin\"",
            "version", "version = \"0.1.0\"",
            "plugin_kind", "plugin_kind = \"custom\"",
            "description", "description = \"\" (it may be empty)",
            "protocol_version", "protocol_version = \"1.1.0\"");

    private final String source;
    private final String path;
    private final Map<?, ?> table;

    private ManifestFields(String source, String path, Map<?, ?> table) {
        this.source = source;
        this.path = path;
        this.table = table;
    }

    /** The top-level table of the manifest read from {@code source}. */
    static ManifestFields top(Map<String, Object> raw, String source) {
        return new ManifestFields(Objects.requireNonNull(source, "source"), "", Objects.requireNonNull(raw, "raw"));
    }

    String pathOf(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    ManifestInvalid invalid(String key, String reason) {
        return new ManifestInvalid(source, pathOf(key), reason);
    }

    /** The keys of this table, in document order. */
    List<String> keys() {
        return table.keySet().stream().map(String::valueOf).toList();
    }

    /**
     * Checks the keys against {@code known}: {@link UnknownKeys#REJECT} throws at the first unknown
     * key; {@link UnknownKeys#WARN} returns one warning per unknown key.
     */
    List<String> unknownKeys(List<String> known, UnknownKeys mode) {
        List<String> warnings = new ArrayList<>();
        for (String key : keys()) {
            if (known.contains(key)) {
                continue;
            }
            String hint = ManifestVocabulary.suggestion(key, known);
            switch (mode) {
                case REJECT ->
                    throw invalid(
                            key.isEmpty() ? "\"\"" : key,
                            "is not a known key"
                                    + (hint.isEmpty() ? "; the keys are " + String.join(", ", known) : hint));
                case WARN ->
                    warnings.add(OneLine.of(
                            source + ": unknown key " + ManifestRules.quote(pathOf(key)) + " ignored" + hint));
            }
        }
        return warnings;
    }

    String requiredString(String key) {
        if (!table.containsKey(key)) {
            throw invalid(key, "is required; add it, e.g. " + EXAMPLES.getOrDefault(key, key + " = \"...\""));
        }
        return string(key, table.get(key));
    }

    Optional<String> optionalString(String key) {
        return table.containsKey(key) ? Optional.of(string(key, table.get(key))) : Optional.empty();
    }

    boolean bool(String key, boolean absent) {
        if (!table.containsKey(key)) {
            return absent;
        }
        if (table.get(key) instanceof Boolean b) {
            return b;
        }
        throw wrongType(key, "a boolean (true or false)", table.get(key));
    }

    /** A whole number in {@code [min, max]} of any {@code Number} type ({@code 5.0} is 5). */
    OptionalInt integer(String key, int min, int max) {
        if (!table.containsKey(key)) {
            return OptionalInt.empty();
        }
        if (!(table.get(key) instanceof Number n)) {
            throw wrongType(key, "an integer", table.get(key));
        }
        String range = "; use a whole number from " + min + " to " + max;
        BigDecimal value;
        try {
            value = new BigDecimal(n.toString());
        } catch (NumberFormatException notFinite) {
            throw invalid(key, "is " + n + range);
        }
        if (value.stripTrailingZeros().scale() > 0
                || value.compareTo(BigDecimal.valueOf(min)) < 0
                || value.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw invalid(key, "is " + n + range);
        }
        return OptionalInt.of(value.intValueExact());
    }

    /** An array of strings; absent is empty. */
    List<String> strings(String key) {
        List<?> items = array(key, "an array of strings");
        List<String> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(string(key + "[" + i + "]", items.get(i)));
        }
        return out;
    }

    /** An array of tables (TOML {@code [[key]]} or inline tables, JSON objects); absent is empty. */
    List<ManifestFields> tables(String key) {
        List<?> items = array(key, "an array of tables");
        List<ManifestFields> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            String at = key + "[" + i + "]";
            if (!(items.get(i) instanceof Map<?, ?> item)) {
                throw wrongType(at, "a table", items.get(i));
            }
            out.add(new ManifestFields(source, pathOf(at), item));
        }
        return out;
    }

    Optional<ManifestFields> table(String key) {
        if (!table.containsKey(key)) {
            return Optional.empty();
        }
        if (table.get(key) instanceof Map<?, ?> nested) {
            return Optional.of(new ManifestFields(source, pathOf(key), nested));
        }
        throw wrongType(key, "a table", table.get(key));
    }

    /** {@code parser} applied to {@code text}; its {@code IllegalArgumentException} becomes a rule break at {@code key}. */
    <T> T parsed(String key, String text, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw invalid(key, Objects.requireNonNullElse(e.getMessage(), "is invalid"));
        }
    }

    /** A record built from this table's values; a rule it breaks is reported under this table's path. */
    <T> T built(Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (ManifestInvalid e) {
            throw path.isEmpty() ? e.at(source, e.field()) : e.within(source, path);
        }
    }

    /** A value built from {@code key}; a rule it breaks is reported at {@code key} itself. */
    <T> T builtAt(String key, Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (ManifestInvalid e) {
            throw e.at(source, pathOf(key));
        }
    }

    private List<?> array(String key, String expected) {
        if (!table.containsKey(key)) {
            return List.of();
        }
        if (!(table.get(key) instanceof List<?> items)) {
            throw wrongType(key, expected, table.get(key));
        }
        if (items.size() > ManifestRules.MAX_ITEMS) {
            throw invalid(key, "has " + items.size() + " items; at most " + ManifestRules.MAX_ITEMS + " are allowed");
        }
        return items;
    }

    /**
     * A string value. One holding half of a UTF-16 surrogate pair (a lone surrogate escape in
     * JSON) is refused: no UTF-8 file can hold it, so the manifest could not be written back as
     * {@code Plugin.toml} (found by the manifest fuzz test).
     */
    private String string(String key, Object value) {
        if (value instanceof String s) {
            requireWellFormed(key, s);
            return s;
        }
        throw wrongType(key, "a string", value);
    }

    /** Refuses {@code text}, the value (or the name) at {@code key}, when it holds an unpaired surrogate. */
    void requireWellFormed(String key, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw invalid(
                        key,
                        String.format(
                                "holds an unpaired UTF-16 surrogate (\\u%04X at index %d), which is"
                                        + " not a character: escape a character outside the BMP as a pair, or write it as itself",
                                (int) c, i));
            }
        }
    }

    private ManifestInvalid wrongType(String key, String expected, Object actual) {
        return invalid(key, "must be " + expected + ", not " + typeOf(actual));
    }

    private static String typeOf(Object value) {
        return switch (value) {
            case null -> "null";
            case String _ -> "a string";
            case Boolean _ -> "a boolean";
            case Number _ -> "a number";
            case List<?> _ -> "an array";
            case Map<?, ?> _ -> "a table";
            default -> "a " + value.getClass().getSimpleName();
        };
    }
}
