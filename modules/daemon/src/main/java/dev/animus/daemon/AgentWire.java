package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import dev.animus.providers.AgentRequest;
import dev.animus.providers.RunFailed;
import dev.animus.runtime.AgentJson;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code agent/} group's values on the wire (docs/daemon.md#agent-runs): a request's params,
 * and the stream's last value when the run failed — {@code {schema, type: "failed",
 * control_session_id, message, output_so_far, error: {category, message, detail}}}, the error in
 * the form of {@link FailureWire}, so the client throws the very failure the run ended with. The
 * other values of the stream are {@link AgentJson}'s lines.
 */
final class AgentWire {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private AgentWire() {}

    /** {@code request} as {@code agent/run} or {@code agent/resume} params, for {@code agent}. */
    static ObjectNode params(AgentRequest request, String agent) {
        ObjectNode p = JSON.objectNode().put("provider", request.provider()).put("prompt", request.prompt());
        request.model().ifPresent(m -> p.put("model", m));
        request.resume().ifPresent(s -> p.put("session_id", s));
        request.timeout().ifPresent(t -> p.put("timeout_ms", Math.max(1, t.toMillis())));
        request.systemPrompt().ifPresent(s -> p.put("system_prompt", s));
        if (!request.env().isEmpty()) {
            ObjectNode env = p.putObject("env");
            new java.util.TreeMap<>(request.env()).forEach(env::put);
        }
        p.put("agent", agent);
        return p;
    }

    /**
     * The request {@code p} stands for; {@code resume}: {@code agent/resume}, whose
     * {@code session_id} is required ({@code agent/run} takes it as {@code resume} too).
     *
     * @throws ControlError INVALID_REQUEST naming the field that is wrong
     */
    static AgentRequest request(JsonNode p, boolean resume) {
        String provider = Params.text(p, "provider");
        JsonNode prompt = p.path("prompt");
        if (!prompt.isString()) {
            throw invalid("params.prompt must be a string");
        }
        Optional<String> session = resume
                ? Optional.of(Params.text(p, "session_id"))
                : Params.optionalText(p, "session_id").or(() -> Params.optionalText(p, "resume"));
        Map<String, String> env = new LinkedHashMap<>();
        JsonNode e = p.path("env");
        if (!e.isMissingNode() && !e.isNull()) {
            if (!e.isObject()) {
                throw invalid("params.env must be an object of strings");
            }
            for (Map.Entry<String, JsonNode> kv : e.properties()) {
                if (!kv.getValue().isString()) {
                    throw invalid("params.env." + kv.getKey() + " must be a string");
                }
                env.put(kv.getKey(), kv.getValue().stringValue());
            }
        }
        Optional<Duration> timeout = Params.millis(p, "timeout_ms");
        try {
            return new AgentRequest(
                    provider,
                    prompt.stringValue(),
                    Params.optionalText(p, "model"),
                    session,
                    timeout,
                    env,
                    Params.optionalText(p, "system_prompt"));
        } catch (IllegalArgumentException bad) {
            throw invalid(bad.getMessage());
        }
    }

    /** The stream's last value for a run that ended with {@code failure}. */
    static ObjectNode failed(String controlSessionId, RuntimeException failure) {
        ControlError wire = FailureWire.toWire(failure)
                .orElseGet(() -> new ControlError(ErrorCategory.INTERNAL, String.valueOf(failure.getMessage())));
        ObjectNode o = JSON.objectNode().put("schema", AgentJson.SCHEMA).put("type", "failed");
        o.put("control_session_id", controlSessionId);
        o.put("message", wire.getMessage());
        o.put("output_so_far", failure instanceof RunFailed r ? r.outputSoFar() : "");
        ObjectNode error =
                o.putObject("error").put("category", wire.category().word()).put("message", wire.getMessage());
        wire.fix().ifPresent(f -> error.put("fix", f));
        error.set("detail", wire.detail());
        return o;
    }

    /** The failure a {@link #failed} value stands for, as the client throws it. */
    static RuntimeException failure(JsonNode failed) {
        JsonNode e = failed.path("error");
        ErrorCategory category =
                ErrorCategory.of(e.path("category").asString("")).orElse(ErrorCategory.INTERNAL);
        String message = e.path("message").asString(failed.path("message").asString("the run failed"));
        Optional<String> fix =
                e.path("fix").isString() ? Optional.of(e.path("fix").stringValue()) : Optional.empty();
        ObjectNode detail = e.path("detail").isObject() ? (ObjectNode) e.path("detail") : JSON.objectNode();
        return DaemonLink.typed(new ControlError(category, message, fix, detail));
    }

    private static ControlError invalid(String message) {
        return new ControlError(ErrorCategory.INVALID_REQUEST, message);
    }
}
