package dev.animus.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The params of a plugin's {@code log/entry} notification in a neutral shape (no JSON library):
 * what an adapter read from the wire, before {@link LogNormaliser} judges it.
 *
 * @param level the {@code level} member when it was a string, else its JSON text (empty: absent)
 * @param message the {@code message} member when it was a string (empty: absent or not a string)
 * @param target the {@code target} member when it was a string
 * @param fields the members of {@code fields} when it was an object, each value as JSON text
 */
public record LogParams(
        Optional<String> level, Optional<String> message, Optional<String> target, Map<String, String> fields) {
    public LogParams {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(target, "target");
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(fields, "fields")));
    }
}
