package dev.animus.sdk.provider;

import dev.animus.sdk.RequestContext;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The {@link AgentStream} of one run, over the {@link RequestContext} of its request. */
final class RunStream implements AgentStream {

    private static final Set<String> LEVELS = Set.of("error", "warn", "info", "debug", "trace");

    private final RequestContext request;
    private final String controlSessionId;
    private final CancellationToken cancellation;

    RunStream(RequestContext request, String controlSessionId, CancellationToken cancellation) {
        this.request = request;
        this.controlSessionId = controlSessionId;
        this.cancellation = cancellation;
    }

    @Override
    public String controlSessionId() {
        return controlSessionId;
    }

    @Override
    public CancellationToken cancellation() {
        return cancellation;
    }

    @Override
    public void output(String text, boolean last) {
        ObjectNode params = params();
        params.put("text", Objects.requireNonNull(text, "text"));
        params.put("final", last);
        request.notify("agent/output", params);
    }

    @Override
    public void thinking(String text) {
        ObjectNode params = params();
        params.put("text", Objects.requireNonNull(text, "text"));
        request.notify("agent/thinking", params);
    }

    @Override
    public void toolCall(String name, JsonNode arguments, Optional<String> server) {
        ObjectNode params = params();
        params.put("name", Objects.requireNonNull(name, "name"));
        params.set("arguments", Objects.requireNonNull(arguments, "arguments"));
        server.ifPresent(s -> params.put("server", s));
        request.notify("agent/toolCall", params);
    }

    @Override
    public void toolResult(String name, JsonNode output, boolean success) {
        ObjectNode params = params();
        params.put("name", Objects.requireNonNull(name, "name"));
        params.set("output", Objects.requireNonNull(output, "output"));
        params.put("success", success);
        request.notify("agent/toolResult", params);
    }

    @Override
    public void error(String message, boolean recoverable) {
        ObjectNode params = params();
        params.put("message", Objects.requireNonNull(message, "message"));
        params.put("recoverable", recoverable);
        request.notify("agent/error", params);
    }

    @Override
    public void progress(ObjectNode fields) {
        ObjectNode params = fields.deepCopy();
        params.put("session_id", controlSessionId);
        request.notify("agent/progress", params);
    }

    @Override
    public void log(String level, String message) {
        if (!LEVELS.contains(level)) {
            throw new IllegalArgumentException("log level '" + level + "': one of " + LEVELS);
        }
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.put("level", level);
        params.put("message", Objects.requireNonNull(message, "message"));
        params.putObject("fields").put("session_id", controlSessionId);
        request.notify("log/entry", params);
    }

    private ObjectNode params() {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.put("session_id", controlSessionId);
        return params;
    }
}
