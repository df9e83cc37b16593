package dev.animus.plugins.oai;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What a whole stream came to: the assistant's message and the metadata the server sent.
 *
 * @param text the output text, every {@code content} delta joined
 * @param toolCalls the tool calls, in index order
 * @param finishReason {@code choices[0].finish_reason} ({@code stop}, {@code length},
 *     {@code tool_calls}, ...), when the server sent one
 * @param usage the {@code usage} object, when the server sent one
 * @param model the model the server says answered, when it said
 */
record StreamSummary(
        String text,
        List<ToolCall> toolCalls,
        Optional<String> finishReason,
        Optional<JsonNode> usage,
        Optional<String> model) {
    StreamSummary {
        Objects.requireNonNull(text, "text");
        toolCalls = List.copyOf(toolCalls);
        Objects.requireNonNull(finishReason, "finishReason");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(model, "model");
    }
}
