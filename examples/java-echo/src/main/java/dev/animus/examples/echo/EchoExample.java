package dev.animus.examples.echo;

import dev.animus.sdk.Feature;
import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.PluginError;
import dev.animus.sdk.RequestContext;
import java.util.Map;

/**
 * The example plugin {@code echo}, written with the sdk. Methods, besides the lifecycle the sdk
 * answers itself ({@code $/ping}, {@code health/check}, {@code shutdown}, ...):
 * <ul>
 *   <li>{@code echo}: the result is the params, unchanged;
 *   <li>{@code reverse} {@code {text}}: answers {@code {text}} with the text reversed (surrogate
 *       pairs kept whole, so an emoji survives);
 *   <li>{@code stream} {@code {count}}: sends {@code count} {@code $/progress} notifications
 *       {@code {id, value: {index, count}}}, then answers {@code {count}}; stops early, with
 *       {@code -32002}, when the host cancels it.
 * </ul>
 */
public final class EchoExample {

    /** The most progress notifications one {@code stream} call sends. */
    static final int MAX_COUNT = 10_000;

    private EchoExample() {}

    /** The plugin (for the launcher's {@link #main} and for tests that serve it in-process). */
    public static Plugin plugin() {
        var definition = PluginDefinition.of(
                        "echo", "0.1.0", "custom", "the example plugin: echoes, reverses text and streams progress")
                .withFeatures(Feature.PROGRESS, Feature.CANCELLATION);
        return Plugin.builder(definition)
                .method("echo", RequestContext::params)
                .method("reverse", EchoExample::reverse)
                .method("stream", EchoExample::stream)
                .build();
    }

    /** The entry point of {@code animus-plugin-echo}: {@code --manifest}, or the protocol on stdio. */
    public static void main(String[] args) {
        System.exit(plugin().run(args));
    }

    private static Object reverse(RequestContext request) {
        var text = request.params().path("text");
        if (!text.isString()) {
            throw PluginError.invalidParams("reverse: params.text must be a string, e.g. {\"text\":\"hello\"}");
        }
        return Map.of("text", new StringBuilder(text.asString()).reverse().toString());
    }

    private static Object stream(RequestContext request) {
        var value = request.params().path("count");
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() < 0 || value.asInt() > MAX_COUNT) {
            throw PluginError.invalidParams(
                    "stream: params.count must be an integer from 0 to " + MAX_COUNT + ", e.g. {\"count\":3}");
        }
        int count = value.asInt();
        for (int i = 0; i < count; i++) {
            request.checkCancelled();
            request.progress(Map.of("index", i, "count", count));
        }
        return Map.of("count", count);
    }
}
