package dev.animus.providers;

import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * How a run ended, from the provider's result {@code {exit_code, output, metadata?, session_id?}}
 * (docs/protocol.md#the-result).
 *
 * @param controlSessionId the host-minted id of the run
 * @param exitCode the provider's exit code (0: success)
 * @param output the whole answer (the result's {@code output}; absent there: the streamed text)
 * @param metadata the result's {@code metadata} (an object; empty when absent)
 * @param sessionId the provider's own session id, to resume the conversation with
 */
public record AgentOutcome(
        String controlSessionId, int exitCode, String output, JsonNode metadata, Optional<String> sessionId) {
    public AgentOutcome {
        Objects.requireNonNull(controlSessionId, "controlSessionId");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(sessionId, "sessionId");
    }

    /**
     * Reads a provider's result leniently: a missing or non-integral {@code exit_code} is 0, a
     * missing {@code output} is what was streamed, anything but an object as {@code metadata} is
     * kept under {@code value}.
     */
    public static AgentOutcome read(String controlSessionId, JsonNode result, String streamed) {
        JsonNode r = result == null ? JsonNodeFactory.instance.objectNode() : result;
        JsonNode code = r.path("exit_code");
        JsonNode output = r.path("output");
        JsonNode meta = r.path("metadata");
        JsonNode session = r.path("session_id");
        JsonNode metadata;
        if (meta.isObject()) {
            metadata = meta;
        } else if (meta.isMissingNode() || meta.isNull()) {
            metadata = JsonNodeFactory.instance.objectNode();
        } else {
            metadata = JsonNodeFactory.instance.objectNode().set("value", meta);
        }
        return new AgentOutcome(
                controlSessionId,
                code.isIntegralNumber() && code.canConvertToInt() ? code.asInt() : 0,
                output.isString() ? output.asString() : streamed,
                metadata,
                session.isString() && !session.asString().isEmpty()
                        ? Optional.of(session.asString())
                        : Optional.empty());
    }
}
