package dev.animus.rpc;

import dev.animus.core.ErrorCodes;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The frames the host sends (docs/protocol.md#messages,
 * docs/protocol.md#methods-every-plugin-understands).
 */
final class Outbound {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Outbound() {}

    static ObjectNode request(long id, String method, JsonNode params) {
        ObjectNode frame = NODES.objectNode();
        frame.put("jsonrpc", "2.0");
        frame.put("id", id);
        frame.put("method", method);
        putParams(frame, params);
        return frame;
    }

    static ObjectNode notification(String method, JsonNode params) {
        ObjectNode frame = NODES.objectNode();
        frame.put("jsonrpc", "2.0");
        frame.put("method", method);
        putParams(frame, params);
        return frame;
    }

    static ObjectNode cancelRequest(long id) {
        ObjectNode params = NODES.objectNode();
        params.put("id", id);
        return notification("$/cancelRequest", params);
    }

    /** The answer to a request from the peer for a method the connection has no handler for. */
    static ObjectNode methodNotFound(JsonNode id, String method) {
        return error(id, ErrorCodes.METHOD_NOT_FOUND, "method not found: " + method, MissingNode.getInstance());
    }

    /** A successful response to the peer's request {@code id} (echoed as sent). */
    static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode frame = NODES.objectNode();
        frame.put("jsonrpc", "2.0");
        frame.set("id", id);
        frame.set("result", result.isMissingNode() ? NullNode.getInstance() : result);
        return frame;
    }

    /** An error response to the peer's request {@code id}; a {@code MissingNode} data is omitted. */
    static ObjectNode error(JsonNode id, int code, String message, JsonNode data) {
        ObjectNode frame = NODES.objectNode();
        frame.put("jsonrpc", "2.0");
        frame.set("id", id);
        ObjectNode error = frame.putObject("error");
        error.put("code", code);
        error.put("message", message);
        if (!data.isMissingNode()) {
            error.set("data", data);
        }
        return frame;
    }

    /** Checks that params can be sent: an object or array, or absent (null / missing). */
    static JsonNode checkParams(JsonNode params) {
        if (!params.isContainer() && !params.isNull() && !params.isMissingNode()) {
            throw new IllegalArgumentException("params must be an object or array, not " + params.getNodeType());
        }
        return params;
    }

    private static void putParams(ObjectNode frame, JsonNode params) {
        if (params.isContainer()) {
            frame.set("params", params);
        }
    }
}
