package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import dev.animus.core.HostFailure;
import dev.animus.core.PluginKind;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginCallFailed;
import dev.animus.rpc.Handlers;
import dev.animus.rpc.IncomingRequest;
import dev.animus.runtime.WorkLoop;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code queue/} and {@code workflow/} groups (docs/daemon.md#the-work-loop): each verb passed
 * to the one enabled plugin of kind {@code queue} / {@code workflow_runner}, its params unchanged
 * but {@code agent}, its result or error (code, message, data) unchanged.
 */
final class RoleMethods {
    static final List<String> QUEUE =
            List.of("enqueue", "lease", "heartbeat", "completion", "list", "stats", "hold", "release", "drop");
    static final List<String> WORKFLOW = List.of("start", "status", "pause", "resume");
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    /** A lease may wait 10 s at the queue: the call gets that and a margin. */
    private static final CallOptions CALL = CallOptions.defaults().withTimeout(Duration.ofSeconds(30));

    private final WorkLoop loop;

    RoleMethods(WorkLoop loop) {
        this.loop = loop;
    }

    void addTo(Handlers.Builder table) {
        QUEUE.forEach(v -> table.on("queue/" + v, r -> pass(r, PluginKind.Routed.QUEUE, "queue")));
        WORKFLOW.forEach(
                v -> table.on("workflow/" + v, r -> pass(r, PluginKind.Routed.WORKFLOW_RUNNER, "workflow_runner")));
    }

    private void pass(IncomingRequest r, PluginKind.Routed kind, String role) {
        ObjectNode params =
                r.params().isObject() ? ((ObjectNode) r.params()).deepCopy() : JsonNodeFactory.instance.objectNode();
        String agent = Params.optionalText(params, "agent").orElse(WorkLoop.AGENT);
        params.remove("agent");
        JsonNode result;
        try {
            WorkLoop.Role plugin = loop.role(kind, agent)
                    .orElseThrow(() -> new ControlError(
                            ErrorCategory.NOT_FOUND,
                            "no " + role
                                    + " is installed and enabled: install the defaults with animus plugin install-defaults",
                            Optional.of("animus plugin install-defaults"),
                            JsonNodeFactory.instance
                                    .objectNode()
                                    .put("failure_type", "no_role")
                                    .put("role", role)));
            result = PluginMethods.Cancellable.run(r, () -> plugin.handle().call(r.method(), params, CALL));
        } catch (PluginCallFailed e) {
            if (e.failure() instanceof HostFailure.Rpc rpc) {
                r.fail(rpc.code(), rpc.text(), data(rpc));
                return;
            }
            throw FailureWire.toWire(e).orElseThrow(() -> e);
        } catch (RuntimeException e) {
            throw FailureWire.toWire(e).orElseThrow(() -> e);
        }
        r.respond(result);
    }

    /** The plugin's {@code data}, with a {@code category} when it named none. */
    private static JsonNode data(HostFailure.Rpc rpc) {
        JsonNode data = JsonNodeFactory.instance.objectNode();
        if (rpc.dataJson().isPresent()) {
            try {
                data = MAPPER.readTree(rpc.dataJson().get());
            } catch (JacksonException e) {
                data = JsonNodeFactory.instance.objectNode();
            }
        }
        if (data instanceof ObjectNode o && !o.has("category")) {
            o.put("category", rpc.code() == -32602 ? "invalid_request" : "internal");
            return o;
        }
        return data;
    }
}
