package dev.animus.plugins.oai;

import dev.animus.sdk.provider.AgentRequest;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON of one {@code POST /chat/completions}: {@code model} (left out when neither the request
 * nor {@code OPENAI_MODEL} names one: llama.cpp's server then uses the model it loaded, a hosted
 * API answers 400 with its message), {@code messages}, {@code stream: true} with
 * {@code stream_options.include_usage}, and what the request adds: {@code tools} as given,
 * {@code response_schema} as a {@code response_format} of type {@code json_schema}, {@code
 * reasoning_effort}.
 */
final class ChatBody {
    private ChatBody() {}

    static String of(Optional<String> model, List<ChatMessage> messages, AgentRequest request) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        model.ifPresent(m -> body.put("model", m));
        ArrayNode list = body.putArray("messages");
        messages.forEach(m -> list.add(m.toJson()));
        body.put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        request.tools().filter(t -> t.isArray() && !t.isEmpty()).ifPresent(t -> body.set("tools", t));
        request.responseSchema().filter(s -> s.isObject()).ifPresent(schema -> {
            ObjectNode format = body.putObject("response_format");
            format.put("type", "json_schema");
            ObjectNode named = format.putObject("json_schema");
            named.put("name", "response");
            named.set("schema", schema);
        });
        request.reasoningEffort().ifPresent(e -> body.put("reasoning_effort", e));
        return body.toString();
    }
}
