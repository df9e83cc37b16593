package dev.animus.plugins.oai;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One message of a conversation, in the chat-completions shape.
 *
 * @param role {@code system}, {@code user}, {@code assistant} or {@code tool}
 * @param content the text; may be empty (an assistant message that only calls tools)
 * @param toolCalls the tool calls of an assistant message
 * @param toolCallId the call a {@code tool} message answers; empty otherwise
 */
record ChatMessage(String role, String content, List<ToolCall> toolCalls, String toolCallId) {
    private static final Set<String> ROLES = Set.of("system", "user", "assistant", "tool");

    /** @throws IllegalArgumentException for an unknown role */
    ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        toolCalls = List.copyOf(toolCalls);
        Objects.requireNonNull(toolCallId, "toolCallId");
        if (!ROLES.contains(role)) {
            throw new IllegalArgumentException("unknown message role '" + role + "'; one of " + ROLES);
        }
    }

    static ChatMessage system(String text) {
        return new ChatMessage("system", text, List.of(), "");
    }

    static ChatMessage user(String text) {
        return new ChatMessage("user", text, List.of(), "");
    }

    static ChatMessage assistant(String text, List<ToolCall> calls) {
        return new ChatMessage("assistant", text, calls, "");
    }

    /** The message as the chat-completions API takes it (and as a session file keeps it). */
    ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("role", role);
        if (!content.isEmpty() || toolCalls.isEmpty()) {
            node.put("content", content);
        } else {
            node.putNull("content");
        }
        if (!toolCalls.isEmpty()) {
            ArrayNode calls = node.putArray("tool_calls");
            for (ToolCall call : toolCalls) {
                ObjectNode c = calls.addObject();
                c.put("id", call.id());
                c.put("type", "function");
                ObjectNode function = c.putObject("function");
                function.put("name", call.name());
                function.put("arguments", call.arguments());
            }
        }
        if (!toolCallId.isEmpty()) {
            node.put("tool_call_id", toolCallId);
        }
        return node;
    }

    /**
     * A message read back from {@link #toJson()}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    static ChatMessage fromJson(JsonNode node) {
        if (!node.path("role").isString()) {
            throw new IllegalArgumentException("a message without a string 'role'");
        }
        JsonNode content = node.path("content");
        if (!content.isString() && !content.isNull() && !content.isMissingNode()) {
            throw new IllegalArgumentException("a message whose 'content' is not a string");
        }
        List<ToolCall> calls = new java.util.ArrayList<>();
        for (JsonNode c : node.path("tool_calls")) {
            JsonNode function = c.path("function");
            if (!function.path("name").isString()) {
                throw new IllegalArgumentException("a tool call without a function name");
            }
            calls.add(new ToolCall(
                    c.path("id").asString(""),
                    function.path("name").asString(),
                    function.path("arguments").asString("")));
        }
        return new ChatMessage(
                node.path("role").asString(),
                content.isString() ? content.asString() : "",
                calls,
                node.path("tool_call_id").asString(""));
    }
}
