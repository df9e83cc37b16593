package dev.animus.providers;

import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * One thing a provider streamed during a run, typed (docs/protocol.md#streamed-notifications). A
 * notification the host does not know, or a known one whose params do not have the documented
 * shape, is {@link Metadata}: nothing a provider sends is lost or fails the run.
 */
public sealed interface RunnerEvent {

    /** Text of the answer; {@code last}: the provider says no more text follows. */
    record Output(String text, boolean last) implements RunnerEvent {
        public Output {
            Objects.requireNonNull(text, "text");
        }
    }

    /** The model's reasoning, shown apart from the answer. */
    record Thinking(String text) implements RunnerEvent {
        public Thinking {
            Objects.requireNonNull(text, "text");
        }
    }

    /** The model called a tool ({@code server}: the MCP server it belongs to). */
    record ToolCall(String name, JsonNode arguments, Optional<String> server) implements RunnerEvent {
        public ToolCall {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(arguments, "arguments");
            Objects.requireNonNull(server, "server");
        }
    }

    /** What a tool answered. */
    record ToolResult(String name, JsonNode output, boolean success) implements RunnerEvent {
        public ToolResult {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(output, "output");
        }
    }

    /** The provider reports a problem; {@code recoverable}: the run goes on. */
    record Error(String message, boolean recoverable) implements RunnerEvent {
        public Error {
            Objects.requireNonNull(message, "message");
        }
    }

    /** Anything else: progress ({@code $/progress}, {@code agent/progress}) and unknown notifications. */
    record Metadata(String method, JsonNode params) implements RunnerEvent {
        public Metadata {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(params, "params");
        }
    }

    /**
     * The event a notification is. Never throws for any {@code params} (missing, null, an array...).
     */
    static RunnerEvent of(String method, JsonNode params) {
        Objects.requireNonNull(method, "method");
        JsonNode p = params == null || params.isMissingNode() ? JsonNodeFactory.instance.nullNode() : params;
        JsonNode text = p.path("text");
        JsonNode name = p.path("name");
        return switch (method) {
            case "agent/output" ->
                text.isString() ? new Output(text.asString(), flag(p.path("final"), false)) : new Metadata(method, p);
            case "agent/thinking" -> text.isString() ? new Thinking(text.asString()) : new Metadata(method, p);
            case "agent/toolCall" ->
                name.isString()
                        ? new ToolCall(name.asString(), value(p.path("arguments")), string(p.path("server")))
                        : new Metadata(method, p);
            case "agent/toolResult" ->
                name.isString()
                        ? new ToolResult(name.asString(), value(p.path("output")), flag(p.path("success"), true))
                        : new Metadata(method, p);
            case "agent/error" -> {
                JsonNode message = p.path("message");
                yield message.isString()
                        ? new Error(message.asString(), flag(p.path("recoverable"), true))
                        : new Metadata(method, p);
            }
            default -> new Metadata(method, p);
        };
    }

    private static JsonNode value(JsonNode n) {
        return n.isMissingNode() ? JsonNodeFactory.instance.nullNode() : n;
    }

    private static boolean flag(JsonNode n, boolean absent) {
        return n.isBoolean() ? n.asBoolean() : absent;
    }

    private static Optional<String> string(JsonNode n) {
        return n.isString() ? Optional.of(n.asString()) : Optional.empty();
    }
}
