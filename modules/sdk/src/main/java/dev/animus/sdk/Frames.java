package dev.animus.sdk;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Builds JSON-RPC 2.0 envelopes (docs/protocol.md#messages). Stateless. */
final class Frames {

    /** The one mapper of the sdk: Jackson mappers are thread-safe once built. */
    static final JsonMapper MAPPER = JsonMapper.builder().build();

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Frames() {}

    static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode frame = envelope();
        frame.set("id", id);
        frame.set("result", result);
        return frame;
    }

    static ObjectNode error(JsonNode id, PluginError error) {
        ObjectNode body = NODES.objectNode();
        body.put("code", error.code());
        body.put("message", error.message());
        error.data().ifPresent(data -> body.set("data", data));
        ObjectNode frame = envelope();
        frame.set("id", id);
        frame.set("error", body);
        return frame;
    }

    static ObjectNode notification(String method, JsonNode params) {
        ObjectNode frame = envelope();
        frame.put("method", method);
        frame.set("params", params);
        return frame;
    }

    /** {@code value} as a tree; {@code null} becomes JSON null. */
    static JsonNode toTree(Object value) {
        if (value == null) {
            return NODES.nullNode();
        }
        return value instanceof JsonNode node ? node : MAPPER.valueToTree(value);
    }

    static ObjectNode object() {
        return NODES.objectNode();
    }

    private static ObjectNode envelope() {
        ObjectNode frame = NODES.objectNode();
        frame.put("jsonrpc", "2.0");
        return frame;
    }
}
