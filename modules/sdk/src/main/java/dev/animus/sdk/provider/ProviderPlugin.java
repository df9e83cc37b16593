package dev.animus.sdk.provider;

import dev.animus.sdk.Feature;
import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.PluginError;
import dev.animus.sdk.RequestContext;
import java.util.EnumSet;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Serves a {@link Provider} as a plugin of kind {@code provider}:
 *
 * <pre>{@code
 * public static void main(String[] args) {
 *     var definition = PluginDefinition.of("animus-provider-shout", "0.1.0", "provider", "upper-cases");
 *     System.exit(ProviderPlugin.of(definition, (request, stream) -> {
 *         String text = request.prompt().toUpperCase(Locale.ROOT);
 *         stream.output(text);
 *         return AgentResult.of(0, text);
 *     }).run(args));
 * }
 * }</pre>
 *
 * <p>It registers {@code agent/run}, {@code agent/resume}, {@code agent/cancel} and {@code
 * health/check}, and advertises {@code streaming} and {@code cancellation} besides the features
 * the definition names. Per run: the params are parsed ({@code -32602} on bad ones), the run is
 * entered in the session map under its {@code control_session_id} (a second run with an id still
 * running is refused with {@code -32602}) and left when it ends, and the provider is called with a
 * stream and a fresh {@link CancellationToken}.
 *
 * <p>{@code agent/cancel {session_id}}: for a running run with that control session id, cancels
 * its token (running the callbacks), interrupts its thread and answers {@code {cancelled: true}};
 * the run's own request is then answered {@code -32002 "cancelled"} once the provider returned.
 * For no such run: {@code {cancelled: false}}. {@code $/cancelRequest} of a run's request cancels
 * the token too.
 */
public final class ProviderPlugin {

    private ProviderPlugin() {}

    /** The plugin serving {@code provider}. */
    public static Plugin of(PluginDefinition definition, Provider provider) {
        return builder(definition, provider).build();
    }

    /**
     * A builder with the provider's methods registered, for a provider that answers further
     * methods of its own.
     *
     * @throws IllegalArgumentException if the definition's kinds do not include {@code provider}
     */
    public static Plugin.Builder builder(PluginDefinition definition, Provider provider) {
        Objects.requireNonNull(provider, "provider");
        if (!definition.kind().equals("provider") && !definition.kinds().contains("provider")) {
            throw new IllegalArgumentException("plugin '" + definition.name() + "' is of kind '" + definition.kind()
                    + "': a provider plugin must be of kind 'provider' (or list it in its kinds)");
        }
        var features = EnumSet.of(Feature.STREAMING, Feature.CANCELLATION);
        features.addAll(definition.features());
        var runs = new ActiveRuns();
        return Plugin.builder(definition.withFeatures(features.toArray(Feature[]::new)))
                .method("agent/run", request -> run(runs, provider, request))
                .method("agent/resume", request -> run(runs, provider, request))
                .method("agent/cancel", request -> cancel(runs, request))
                .method("health/check", request -> health(runs));
    }

    private static ObjectNode run(ActiveRuns runs, Provider provider, RequestContext request) throws Exception {
        AgentRequest parsed = AgentRequest.parse(request.method(), request.params());
        var token = new CancellationToken();
        ActiveRuns.Run run = runs.enter(parsed.controlSessionId(), token, Thread.currentThread());
        try {
            request.onCancel(token::cancel);
            var stream = new RunStream(request, parsed.controlSessionId(), token);
            AgentResult result;
            try {
                result = request.method().equals("agent/resume")
                        ? provider.resume(parsed, stream)
                        : provider.run(parsed, stream);
            } catch (PluginError | CancellationException | InterruptedException e) {
                throw token.isCancelled() ? cancelled() : e;
            } catch (Exception e) {
                if (token.isCancelled()) {
                    throw cancelled(); // what a stopped command or closed connection throws is no error
                }
                throw e;
            }
            if (token.isCancelled()) {
                throw cancelled();
            }
            return Objects.requireNonNull(result, "the provider returned no result")
                    .toJson();
        } finally {
            runs.leave(run);
        }
    }

    private static ObjectNode cancel(ActiveRuns runs, RequestContext request) {
        JsonNode id = request.params().path("session_id");
        if (!id.isString() || id.stringValue().isBlank()) {
            throw PluginError.invalidParams(
                    "agent/cancel: params.session_id must be the control_session_id of a run, e.g. {\"session_id\":\"c1\"}");
        }
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.put("cancelled", runs.cancel(id.stringValue()));
        return answer;
    }

    private static ObjectNode health(ActiveRuns runs) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.put("status", "healthy");
        answer.put("active_runs", runs.size());
        return answer;
    }

    private static PluginError cancelled() {
        return new PluginError(PluginError.REQUEST_CANCELLED, "cancelled");
    }
}
