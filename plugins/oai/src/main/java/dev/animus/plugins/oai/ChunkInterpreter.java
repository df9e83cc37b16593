package dev.animus.plugins.oai;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the events of one chat-completions stream ({@code chat.completion.chunk} objects):
 * {@code choices[0].delta.content} is output, {@code delta.reasoning_content} (llama.cpp, DeepSeek,
 * vLLM) or {@code delta.reasoning} (OpenRouter, newer vLLM) is thinking, {@code delta.tool_calls}
 * fragments are joined by their {@code index} (the id and name from the first fragment that has
 * them, the {@code function.arguments} pieces in order) and each call is emitted whole when the
 * choice finishes ({@code finish_reason}) or the stream ends ({@code [DONE]}); {@code usage},
 * {@code finish_reason} and {@code model} are kept for the {@link #summary()}; an {@code error}
 * object (or an {@code event: error}) is the server's failure. Choices other than the first are
 * ignored (the plugin never asks for more than one).
 *
 * <p>Never throws on what the server sends: an event that is not JSON or not a chunk is reported
 * as a {@link StreamEvent.Problem}. Not thread-safe.
 */
final class ChunkInterpreter {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final StringBuilder text = new StringBuilder();
    private final Map<Integer, PartialCall> open = new TreeMap<>();
    private final List<ToolCall> calls = new ArrayList<>();
    private Optional<String> finishReason = Optional.empty();
    private Optional<JsonNode> usage = Optional.empty();
    private Optional<String> model = Optional.empty();
    private boolean done;

    /** A tool call still arriving. */
    private static final class PartialCall {
        private String id = "";
        private String name = "";
        private final StringBuilder arguments = new StringBuilder();
    }

    /** What {@code event} says, in order. */
    List<StreamEvent> accept(SseItem.Event event) {
        List<StreamEvent> out = new ArrayList<>();
        String data = event.data().strip();
        if (data.equals("[DONE]")) {
            closeCalls(out);
            done = true;
            out.add(new StreamEvent.Done());
            return out;
        }
        JsonNode chunk;
        try {
            chunk = JSON.readTree(data);
        } catch (JacksonException e) {
            if (event.type().equals("error")) {
                out.add(new StreamEvent.ServerError(data.isEmpty() ? "the server sent an empty error event" : data));
            } else {
                out.add(new StreamEvent.Problem("an event that is not JSON was skipped: " + clip(data)));
            }
            return out;
        }
        if (!chunk.isObject()) {
            out.add(new StreamEvent.Problem("an event that is not a JSON object was skipped: " + clip(data)));
            return out;
        }
        if (chunk.has("error") || event.type().equals("error")) {
            out.add(new StreamEvent.ServerError(ServerMessage.of(chunk)));
            return out;
        }
        read(chunk, out);
        return out;
    }

    private void read(JsonNode chunk, List<StreamEvent> out) {
        if (chunk.path("model").isString() && !chunk.path("model").asString().isEmpty()) {
            model = Optional.of(chunk.path("model").asString());
        }
        if (chunk.path("usage").isObject()) {
            usage = Optional.of(chunk.path("usage"));
        }
        JsonNode choices = chunk.path("choices");
        if (!choices.isArray() && !chunk.has("usage")) {
            out.add(new StreamEvent.Problem("a chunk without choices was skipped: " + clip(chunk.toString())));
            return;
        }
        JsonNode choice = choices.path(0);
        if (choice.isMissingNode()
                || (choice.has("index") && choice.path("index").asInt(0) != 0)) {
            return;
        }
        JsonNode delta = choice.path("delta");
        String reasoning = firstString(delta, "reasoning_content", "reasoning");
        if (!reasoning.isEmpty()) {
            out.add(new StreamEvent.Thinking(reasoning));
        }
        String content = firstString(delta, "content");
        if (!content.isEmpty()) {
            text.append(content);
            out.add(new StreamEvent.Output(content));
        }
        JsonNode fragments = delta.path("tool_calls");
        for (int i = 0; i < fragments.size(); i++) {
            addFragment(fragments.path(i), i);
        }
        if (choice.path("finish_reason").isString()) {
            finishReason = Optional.of(choice.path("finish_reason").asString());
            closeCalls(out);
        }
    }

    private void addFragment(JsonNode fragment, int position) {
        int index = fragment.path("index").canConvertToInt()
                ? fragment.path("index").asInt()
                : position;
        PartialCall call = open.computeIfAbsent(index, k -> new PartialCall());
        if (call.id.isEmpty() && fragment.path("id").isString()) {
            call.id = fragment.path("id").asString();
        }
        JsonNode function = fragment.path("function");
        if (call.name.isEmpty() && function.path("name").isString()) {
            call.name = function.path("name").asString();
        }
        JsonNode arguments = function.path("arguments");
        if (arguments.isString()) {
            call.arguments.append(arguments.asString());
        } else if (arguments.isObject()) {
            call.arguments.append(arguments.toString()); // Ollama sends the arguments as an object
        }
    }

    private void closeCalls(List<StreamEvent> out) {
        for (PartialCall partial : open.values()) {
            ToolCall call = new ToolCall(partial.id, partial.name, partial.arguments.toString());
            calls.add(call);
            out.add(new StreamEvent.ToolCalled(call));
        }
        open.clear();
    }

    /** Whether {@code [DONE]} was read. */
    boolean done() {
        return done;
    }

    /** What the stream came to so far. */
    StreamSummary summary() {
        return new StreamSummary(text.toString(), calls, finishReason, usage, model);
    }

    private static String firstString(JsonNode node, String... names) {
        for (String name : names) {
            if (node.path(name).isString()) {
                return node.path(name).asString();
            }
        }
        return "";
    }

    static String clip(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "…";
    }
}
