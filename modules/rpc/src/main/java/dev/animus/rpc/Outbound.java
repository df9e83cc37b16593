package dev.animus.rpc;

import dev.animus.core.ErrorCodes;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
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

    /**
     * The answer to a request from the peer: the host offers no methods
     * (docs/protocol.md#messages).
     */
    static ObjectNode methodNotFound(JsonNode id, String method) {
        ObjectNode frame = NODES.objectNode();
        frame.put("jsonrpc", "2.0");
        frame.set("id", id);
        ObjectNode error = frame.putObject("error");
        error.put("code", ErrorCodes.METHOD_NOT_FOUND);
        error.put("message", "method not found: " + method);
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
