package dev.animus.runtime;

import dev.animus.providers.AgentOutcome;
import dev.animus.providers.RunFailed;
import dev.animus.providers.RunnerEvent;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON form of a run's events and of its end, one object a line (docs/cli.md#agent-runs): the
 * shell's {@code agent run --json} and a daemon's stream print the same. Every object has
 * {@code schema} ({@value #SCHEMA}: the form and its version, as every JSON line of the CLI) and
 * {@code type}.
 */
public final class AgentJson {
    /** The schema, with the version of this form. */
    public static final String SCHEMA = "animus.agent.event.v1";

    private AgentJson() {}

    /** One event: {@code output}, {@code thinking}, {@code tool_call}, {@code tool_result}, {@code error}, {@code metadata}. */
    public static ObjectNode event(RunnerEvent event) {
        ObjectNode o = head(
                switch (event) {
                    case RunnerEvent.Output x -> "output";
                    case RunnerEvent.Thinking x -> "thinking";
                    case RunnerEvent.ToolCall x -> "tool_call";
                    case RunnerEvent.ToolResult x -> "tool_result";
                    case RunnerEvent.Error x -> "error";
                    case RunnerEvent.Metadata x -> "metadata";
                });
        switch (event) {
            case RunnerEvent.Output x -> o.put("text", x.text()).put("final", x.last());
            case RunnerEvent.Thinking x -> o.put("text", x.text());
            case RunnerEvent.ToolCall x -> {
                o.put("name", x.name()).set("arguments", x.arguments());
                x.server().ifPresent(s -> o.put("server", s));
            }
            case RunnerEvent.ToolResult x -> {
                o.put("name", x.name()).set("output", x.output());
                o.put("success", x.success());
            }
            case RunnerEvent.Error x -> o.put("message", x.message()).put("recoverable", x.recoverable());
            case RunnerEvent.Metadata x -> {
                o.put("method", x.method());
                o.set("params", x.params());
            }
        }
        return o;
    }

    /** The first line: the run's id (what {@code agent cancel} takes) and the plugin running it. */
    public static ObjectNode started(String controlSessionId, String provider) {
        ObjectNode o = head("started");
        o.put("control_session_id", controlSessionId);
        o.put("provider", provider);
        return o;
    }

    /** The last line of a run that ended with a result. */
    public static ObjectNode result(AgentOutcome outcome) {
        ObjectNode o = head("result");
        o.put("control_session_id", outcome.controlSessionId());
        o.put("exit_code", outcome.exitCode());
        o.put("output", outcome.output());
        o.set("metadata", outcome.metadata());
        outcome.sessionId().ifPresent(s -> o.put("session_id", s));
        return o;
    }

    /** The last line of a run that failed: the failure and the output that reached the caller before it. */
    public static ObjectNode failure(RunFailed failed, int exitCode) {
        ObjectNode o = head("failed");
        o.put("control_session_id", failed.controlSessionId());
        o.put("exit_code", exitCode);
        o.put("message", failed.getMessage());
        o.put("output_so_far", failed.outputSoFar());
        return o;
    }

    /**
     * The event {@link #event} wrote (what a daemon's {@code agent/event} data holds).
     *
     * @throws IllegalArgumentException when {@code json} is no event of this form
     */
    public static RunnerEvent readEvent(JsonNode json) {
        String type = json.path("type").asString("");
        return switch (type) {
            case "output" ->
                new RunnerEvent.Output(text(json, "text"), json.path("final").asBoolean(false));
            case "thinking" -> new RunnerEvent.Thinking(text(json, "text"));
            case "tool_call" ->
                new RunnerEvent.ToolCall(
                        text(json, "name"),
                        present(json.path("arguments")),
                        json.path("server").isString()
                                ? Optional.of(json.path("server").asString())
                                : Optional.empty());
            case "tool_result" ->
                new RunnerEvent.ToolResult(
                        text(json, "name"),
                        present(json.path("output")),
                        json.path("success").asBoolean(true));
            case "error" ->
                new RunnerEvent.Error(
                        text(json, "message"), json.path("recoverable").asBoolean(true));
            case "metadata" -> new RunnerEvent.Metadata(text(json, "method"), present(json.path("params")));
            default -> throw new IllegalArgumentException("not an agent event: type '" + type + "'");
        };
    }

    /**
     * The outcome {@link #result} wrote.
     *
     * @throws IllegalArgumentException when {@code json} is no result of this form
     */
    public static AgentOutcome readResult(JsonNode json) {
        if (!json.path("type").asString("").equals("result")
                || !json.path("exit_code").isIntegralNumber()) {
            throw new IllegalArgumentException("not an agent result: " + json);
        }
        JsonNode meta = json.path("metadata");
        return new AgentOutcome(
                text(json, "control_session_id"),
                json.path("exit_code").asInt(),
                text(json, "output"),
                meta.isObject() ? meta : JsonNodeFactory.instance.objectNode(),
                json.path("session_id").isString()
                        ? Optional.of(json.path("session_id").asString())
                        : Optional.empty());
    }

    private static String text(JsonNode json, String field) {
        JsonNode v = json.path(field);
        if (!v.isString()) {
            throw new IllegalArgumentException("agent event field '" + field + "' must be a string: " + json);
        }
        return v.asString();
    }

    private static JsonNode present(JsonNode n) {
        return n.isMissingNode() ? JsonNodeFactory.instance.nullNode() : n;
    }

    private static ObjectNode head(String type) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("schema", SCHEMA);
        o.put("type", type);
        return o;
    }
}
