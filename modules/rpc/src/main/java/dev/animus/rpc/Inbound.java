package dev.animus.rpc;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.NullNode;

/**
 * What one message from the peer is (docs/protocol.md#messages), decided by
 * {@link #classify(JsonNode)}.
 */
sealed interface Inbound {

    /** A successful response to one of our requests. */
    record Response(long id, JsonNode result) implements Inbound {}

    /** An error response to one of our requests. */
    record ErrorResponse(long id, int code, String message, JsonNode data) implements Inbound {}

    /**
     * A request from the peer (a message with both {@code id} and {@code method}).
     *
     * @param id a number or a string, as sent
     * @param params an object or an array, or {@code MissingNode} when absent or {@code null}
     */
    record PeerRequest(JsonNode id, String method, JsonNode params) implements Inbound {}

    /**
     * A request from the peer that is not a valid JSON-RPC 2.0 request, answered {@code -32600}.
     *
     * @param id the id to answer with: {@code NullNode} when the id itself is invalid (an object,
     *     an array, a boolean, null), else the request's id
     */
    record InvalidRequest(JsonNode id, String method, String why) implements Inbound {}

    /** A notification from the peer. */
    record PeerNotification(Notification notification) implements Inbound {}

    /** A well-formed response whose id cannot be one of ours (a string, null, a fraction). */
    record Unmatched(JsonNode id, String summary) implements Inbound {}

    /** Valid JSON that is not a JSON-RPC 2.0 message. */
    record Invalid(String why) implements Inbound {}

    /** Classifies one message (an element of a batch, or a whole frame). */
    static Inbound classify(JsonNode message) {
        if (!message.isObject()) {
            return new Invalid("not a JSON object");
        }
        JsonNode version = message.get("jsonrpc");
        if (version == null || !version.isString() || !"2.0".equals(version.stringValue())) {
            return new Invalid("\"jsonrpc\" is not \"2.0\"");
        }
        JsonNode method = message.get("method");
        if (method != null) {
            return fromPeer(message, method);
        }
        JsonNode id = message.get("id");
        return id == null ? new Invalid("neither \"method\" nor \"id\"") : response(message, id);
    }

    private static Inbound fromPeer(JsonNode message, JsonNode method) {
        if (!method.isString()) {
            return new Invalid("\"method\" is not a string");
        }
        JsonNode id = message.get("id");
        JsonNode params = message.get("params");
        if (id != null) {
            return request(id, method.stringValue(), params);
        }
        if (params != null && !params.isContainer()) {
            return new Invalid("\"params\" of " + method.stringValue() + " is neither an object nor an array");
        }
        return new PeerNotification(
                new Notification(method.stringValue(), params == null ? MissingNode.getInstance() : params));
    }

    private static Inbound request(JsonNode id, String method, JsonNode params) {
        if (!id.isString() && !id.isNumber()) {
            return new InvalidRequest(
                    NullNode.getInstance(), method, "the id of " + method + " is neither a number nor a string");
        }
        if (params == null || params.isNull()) {
            return new PeerRequest(id, method, MissingNode.getInstance());
        }
        if (!params.isContainer()) {
            return new InvalidRequest(id, method, "\"params\" of " + method + " is neither an object nor an array");
        }
        return new PeerRequest(id, method, params);
    }

    private static Inbound response(JsonNode message, JsonNode id) {
        JsonNode result = message.get("result");
        JsonNode error = message.get("error");
        if (result == null && error == null) {
            return new Invalid("response with neither \"result\" nor \"error\"");
        }
        if (result != null && error != null) {
            return new Invalid("response with both \"result\" and \"error\"");
        }
        if (error != null && !isErrorObject(error)) {
            return new Invalid("\"error\" is not {code: integer, message: string}");
        }
        if (!id.isIntegralNumber() || !id.canConvertToLong()) {
            return new Unmatched(id, error == null ? "result" : "error " + error);
        }
        if (result != null) {
            return new Response(id.longValue(), result);
        }
        return new ErrorResponse(
                id.longValue(),
                error.get("code").intValue(),
                error.get("message").stringValue(),
                error.path("data"));
    }

    private static boolean isErrorObject(JsonNode error) {
        JsonNode code = error.get("code");
        JsonNode message = error.get("message");
        return error.isObject()
                && code != null
                && code.isIntegralNumber()
                && code.canConvertToInt()
                && message != null
                && message.isString();
    }
}
