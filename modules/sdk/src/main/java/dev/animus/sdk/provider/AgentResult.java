package dev.animus.sdk.provider;

import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The answer of a run: {@code {exit_code, output, metadata?, session_id?}}.
 *
 * @param exitCode 0 for success; a wrapped command's exit code, or any other code the provider
 *     documents, otherwise
 * @param output the whole text answer (what was streamed as {@code agent/output}, joined)
 * @param metadata anything else worth keeping (usage, finish reason, timings), a JSON object
 * @param sessionId the provider's own id of the conversation, for a later {@code agent/resume}
 */
public record AgentResult(int exitCode, String output, Optional<ObjectNode> metadata, Optional<String> sessionId) {

    /** @throws NullPointerException if a component is null */
    public AgentResult {
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(sessionId, "sessionId");
        metadata = metadata.map(ObjectNode::deepCopy);
    }

    /** A result without metadata or session id. */
    public static AgentResult of(int exitCode, String output) {
        return new AgentResult(exitCode, output, Optional.empty(), Optional.empty());
    }

    /** This result with {@code value} as its metadata. */
    public AgentResult withMetadata(ObjectNode value) {
        return new AgentResult(exitCode, output, Optional.of(value), sessionId);
    }

    /** This result naming the provider's session {@code id}. */
    public AgentResult withSessionId(String id) {
        return new AgentResult(exitCode, output, metadata, Optional.of(id));
    }

    /** The {@code result} object of the answer. */
    public ObjectNode toJson() {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.put("exit_code", exitCode);
        result.put("output", output);
        metadata.ifPresent(m -> result.set("metadata", m.deepCopy()));
        sessionId.ifPresent(id -> result.put("session_id", id));
        return result;
    }
}
