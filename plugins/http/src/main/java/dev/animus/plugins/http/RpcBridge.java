package dev.animus.plugins.http;

import dev.animus.sdk.control.ControlException;
import dev.animus.sdk.control.ControlStream;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code POST /rpc}: one JSON-RPC 2.0 request of the browser, forwarded over the control socket
 * when its method is in {@link #ALLOWED}, answered as a JSON-RPC response (the daemon's result, or
 * its error object as sent). The list holds what a dashboard reads plus the few actions it offers
 * (reset, stop, cancel); nothing that installs, trusts, consents or enables, nothing that stops
 * the daemon and no streams that never end: those are refused with -32601 before anything is
 * sent. {@code daemon/logs} and {@code daemon/events} without {@code follow} are streams that end;
 * their values are collected and answered as {@code {items: [...]}}. Thread-safe.
 */
final class RpcBridge {
    /** The methods served over HTTP. */
    static final Set<String> ALLOWED = Set.of(
            "daemon/status",
            "daemon/health",
            "plugin/list",
            "plugin/status",
            "plugin/info",
            "plugin/inspect",
            "plugin/reset",
            "plugin/stop_process",
            "subject/kinds",
            "subject/list",
            "subject/get",
            "trigger/status",
            "transport/list",
            "agent/cancel",
            "workflow/status",
            "queue/stats",
            "daemon/logs",
            "daemon/events");

    private static final Set<String> STREAMS = Set.of("daemon/logs", "daemon/events");

    /** Longer than the daemon's own deadlines (a subject call's 2 minutes, a cancel's 10 s). */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(130);

    /** At most this many values of a collected stream (daemon/logs holds at most 10,000 lines). */
    static final int MAX_ITEMS = 10_000;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ControlLink link;

    RpcBridge(ControlLink link) {
        this.link = Objects.requireNonNull(link, "link");
    }

    /** Why {@code method} with {@code params} is not forwarded; empty when it is. */
    static Optional<String> refusal(String method, JsonNode params) {
        if (!ALLOWED.contains(method)) {
            return Optional.of("method " + method + " is not served over HTTP");
        }
        if (STREAMS.contains(method) && params.path("follow").asBoolean(false)) {
            return Optional.of("method " + method + " with follow is not served over HTTP (GET /events streams it)");
        }
        return Optional.empty();
    }

    /** The JSON-RPC response to {@code request} (an object with {@code method}), never an exception. */
    ObjectNode answer(JsonNode request) {
        JsonNode id = request.path("id").isMissingNode() ? JSON.nullNode() : request.get("id");
        if (!request.isObject() || !request.path("method").isString()) {
            return error(id, -32600, "a JSON-RPC 2.0 request object with a method is expected", null);
        }
        String method = request.get("method").asString();
        JsonNode params = request.path("params").isObject() ? request.get("params") : JSON.objectNode();
        Optional<String> refused = refusal(method, params);
        if (refused.isPresent()) {
            return error(id, -32601, refused.get(), null);
        }
        try {
            JsonNode result = STREAMS.contains(method)
                    ? collect(method, params)
                    : link.socket().call(method, params, CALL_TIMEOUT);
            ObjectNode response = JSON.objectNode().put("jsonrpc", "2.0");
            response.set("id", id);
            response.set("result", result);
            return response;
        } catch (ControlException e) {
            return error(id, e.code(), e.getMessage(), e.data().isNull() ? null : e.data());
        }
    }

    private JsonNode collect(String method, JsonNode params) {
        ObjectNode result = JSON.objectNode();
        ArrayNode items = result.putArray("items");
        try (ControlStream stream = link.socket().stream(method, params, CALL_TIMEOUT)) {
            Optional<JsonNode> next;
            while (items.size() < MAX_ITEMS && (next = stream.next(CALL_TIMEOUT)).isPresent()) {
                items.add(next.get());
            }
        }
        return result;
    }

    static ObjectNode error(JsonNode id, int code, String message, JsonNode data) {
        ObjectNode error = JSON.objectNode().put("code", code).put("message", message);
        if (data != null) {
            error.set("data", data);
        }
        ObjectNode response = JSON.objectNode().put("jsonrpc", "2.0");
        response.set("id", id);
        response.set("error", error);
        return response;
    }
}
