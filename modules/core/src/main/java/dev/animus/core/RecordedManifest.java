package dev.animus.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A manifest as the state document keeps it: the document itself (maps, lists, strings, numbers,
 * booleans), not the model, so a record whose manifest no longer validates is still kept and
 * reported rather than dropped (docs/security.md#the-state-document: re-validated on every read).
 *
 * @param document a deep, unmodifiable copy of what was given
 */
public record RecordedManifest(Map<String, Object> document) {
    public RecordedManifest {
        document = copyMap(Objects.requireNonNull(document, "document"));
    }

    /** The document of {@code manifest}. */
    public static RecordedManifest of(Manifest manifest) {
        return new RecordedManifest(ManifestRendering.toMap(manifest));
    }

    /**
     * The manifest, validated as at install time.
     *
     * @param source what to name in an error, e.g. {@code state.json: plugins.echo.current.manifest}
     * @throws ManifestInvalid when the document breaks a rule of docs/protocol.md#the-manifest
     */
    public Manifest validate(String source, boolean directoryPlugin) {
        return ManifestValidator.validate(document, source, UnknownKeys.WARN, directoryPlugin)
                .manifest();
    }

    private static Map<String, Object> copyMap(Map<?, ?> map) {
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> {
            if (!(k instanceof String key)) {
                throw new IllegalArgumentException("a manifest document key is not a string: " + k);
            }
            copy.put(key, copyValue(v));
        });
        return Collections.unmodifiableMap(copy);
    }

    private static Object copyValue(Object v) {
        return switch (v) {
            case null -> throw new IllegalArgumentException("a manifest document holds a null value");
            case Map<?, ?> m -> copyMap(m);
            case List<?> l -> {
                List<Object> copy = new ArrayList<>(l.size());
                l.forEach(item -> copy.add(copyValue(item)));
                yield Collections.unmodifiableList(copy);
            }
            case String s -> s;
            case Number n -> n;
            case Boolean b -> b;
            default ->
                throw new IllegalArgumentException("a manifest document holds a "
                        + v.getClass().getSimpleName() + "; only maps, lists, strings, numbers and booleans are kept");
        };
    }
}
