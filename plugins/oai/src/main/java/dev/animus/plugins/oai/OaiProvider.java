package dev.animus.plugins.oai;

import dev.animus.sdk.PluginError;
import dev.animus.sdk.provider.AgentRequest;
import dev.animus.sdk.provider.AgentResult;
import dev.animus.sdk.provider.AgentStream;
import dev.animus.sdk.provider.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code oai} provider: each run is one streamed chat completion. {@code agent/run} starts a
 * conversation (the system prompt, if any, then the prompt); {@code agent/resume} loads the one
 * {@code session_id} names and adds the prompt. Deltas are streamed as they arrive: content as
 * {@code agent/output}, reasoning as {@code agent/thinking}, each finished tool call as {@code
 * agent/toolCall} (arguments parsed when they are JSON, else the text); skipped garbage is logged.
 * The model is the request's, else the one a resumed conversation ran with, else {@code
 * OPENAI_MODEL}, else none (the server's own).
 * On success the conversation, with the assistant's answer, is saved under the project's
 * {@code .animus/providers/oai/sessions/} and the result carries {@code session_id} and {@code
 * metadata {finish_reason?, usage?, model?}}. A failed run saves nothing (a resume continues from
 * the last good turn); it sends {@code agent/error} and answers {@code -32603} with {@code data
 * {category: "provider_upstream", failure, recoverable, status?, server_message?}} and the server's message.
 * {@code agent/cancel} closes the connection.
 *
 * <p>Thread-safe: runs share nothing but the immutable configuration.
 */
final class OaiProvider implements Provider {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Map<String, String> processEnv;
    private final ChatLimits limits;

    /**
     * @param processEnv the process environment (the second place settings are looked up)
     * @param limits the bounds of every request
     */
    OaiProvider(Map<String, String> processEnv, ChatLimits limits) {
        this.processEnv = Map.copyOf(processEnv);
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    @Override
    public AgentResult run(AgentRequest request, AgentStream stream) {
        List<ChatMessage> earlier = new ArrayList<>();
        request.systemPrompt().filter(s -> !s.isBlank()).ifPresent(s -> earlier.add(ChatMessage.system(s)));
        Conversation start = new Conversation(UUID.randomUUID().toString(), "", earlier);
        return converse(start, request, stream);
    }

    @Override
    public AgentResult resume(AgentRequest request, AgentStream stream) {
        String id = request.sessionId().orElseThrow();
        Conversation earlier;
        try {
            earlier = new SessionStore(request.projectRootOrCwd()).load(id);
        } catch (SessionUnusable e) {
            throw PluginError.invalidParams("agent/resume: " + e.getMessage());
        }
        return converse(earlier, request, stream);
    }

    private AgentResult converse(Conversation earlier, AgentRequest request, AgentStream stream) {
        OaiSettings settings;
        try {
            settings = OaiSettings.from(request.env(), processEnv);
        } catch (IllegalArgumentException e) {
            throw new PluginError(PluginError.INTERNAL_ERROR, e.getMessage(), category("configuration"));
        }
        // the model asked for, else the one the conversation ran with, else OPENAI_MODEL
        Optional<String> model = request.model()
                .or(() -> Optional.of(earlier.model()).filter(m -> !m.isEmpty()))
                .or(settings::defaultModel);
        ChatMessage prompt = ChatMessage.user(request.prompt());
        List<ChatMessage> messages = new ArrayList<>(earlier.messages());
        messages.add(prompt);
        String body = ChatBody.of(model, messages, request);
        StreamSummary summary;
        try (ChatStream chat = new ChatStream(settings.endpoint(), limits, body)) {
            stream.cancellation().onCancel(chat::cancel);
            summary = chat.read(event -> forward(event, stream));
        } catch (ChatFailed e) {
            throw failed(e.failure(), stream);
        }
        stream.output("", true);
        Conversation after = earlier.with(
                model.orElse(""), List.of(prompt, ChatMessage.assistant(summary.text(), summary.toolCalls())));
        new SessionStore(request.projectRootOrCwd()).save(after);
        return AgentResult.of(0, summary.text()).withMetadata(metadata(summary)).withSessionId(after.sessionId());
    }

    private static void forward(StreamEvent event, AgentStream stream) {
        switch (event) {
            case StreamEvent.Output output -> stream.output(output.text());
            case StreamEvent.Thinking thinking -> stream.thinking(thinking.text());
            case StreamEvent.ToolCalled called ->
                stream.toolCall(called.call().name(), arguments(called.call()), Optional.empty());
            case StreamEvent.Problem problem -> stream.log("warn", "oai: " + problem.message());
            case StreamEvent.ServerError error -> stream.error(error.message(), true);
            case StreamEvent.Done done -> {
                // the summary is returned once read() sees it
            }
        }
    }

    /** The arguments as JSON when they are JSON (they should be), else as the text the model wrote. */
    private static JsonNode arguments(ToolCall call) {
        try {
            JsonNode parsed = JSON.readTree(call.arguments());
            if (parsed != null && !parsed.isMissingNode()) {
                return parsed;
            }
        } catch (JacksonException e) {
            // a model may write broken JSON; the caller gets it as text
        }
        return JsonNodeFactory.instance.stringNode(call.arguments());
    }

    private static RuntimeException failed(ChatFailure failure, AgentStream stream) {
        if (failure instanceof ChatFailure.Cancelled) {
            return new CancellationException(failure.message());
        }
        stream.error(failure.message(), failure.recoverable());
        ObjectNode data = category("provider_upstream");
        data.put(
                "failure",
                switch (failure) {
                    case ChatFailure.Unreachable u -> "unreachable";
                    case ChatFailure.Silent s -> "silent";
                    case ChatFailure.Status s -> "status";
                    case ChatFailure.Redirected r -> "redirected";
                    case ChatFailure.Cut c -> "cut";
                    case ChatFailure.TooLarge t -> "too_large";
                    case ChatFailure.InStream i -> "in_stream";
                    case ChatFailure.Cancelled c -> "cancelled";
                });
        data.put("recoverable", failure.recoverable());
        if (failure instanceof ChatFailure.Status status) {
            data.put("status", status.status());
            data.put("server_message", status.serverMessage());
        } else if (failure instanceof ChatFailure.InStream inStream) {
            data.put("server_message", inStream.serverMessage());
        }
        return new PluginError(PluginError.INTERNAL_ERROR, failure.message(), data);
    }

    private static ObjectNode category(String category) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("category", category);
        return data;
    }

    private static ObjectNode metadata(StreamSummary summary) {
        ObjectNode metadata = JsonNodeFactory.instance.objectNode();
        summary.finishReason().ifPresent(r -> metadata.put("finish_reason", r));
        summary.usage().ifPresent(u -> metadata.set("usage", u));
        summary.model().ifPresent(m -> metadata.put("model", m));
        if (!summary.toolCalls().isEmpty()) {
            metadata.put("tool_calls", summary.toolCalls().size());
        }
        return metadata;
    }
}
