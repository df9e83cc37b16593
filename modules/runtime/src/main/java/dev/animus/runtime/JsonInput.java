package dev.animus.runtime;

import dev.animus.json.ExactJson;
import tools.jackson.databind.JsonNode;

/**
 * JSON that a caller types for a plugin (the params of a request), read the way the host reads a
 * plugin's frames: every number kept as written, so that {@code 1e1000000}, {@code 1E+2} or
 * {@code 0.1000000000000000000000000001} reach the plugin byte for byte. Stateless.
 */
public final class JsonInput {
    private JsonInput() {}

    /**
     * The tree of one JSON value.
     *
     * @throws tools.jackson.core.JacksonException if the text is not JSON
     * @throws IllegalArgumentException if it holds no value, or more than one
     */
    public static JsonNode parse(String text) {
        return ExactJson.parse(text);
    }
}
