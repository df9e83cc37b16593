package dev.animus.testplugins;

import dev.animus.sdk.Feature;
import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.PluginError;
import dev.animus.sdk.RequestContext;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The well-behaved test plugin ({@code animus-plugin-echo}). Advertises streaming, progress and
 * cancellation. Methods, besides the sdk's lifecycle ({@code $/ping}, {@code health/check}, ...):
 * <ul>
 *   <li>{@code echo}: the result is the params, unchanged;
 *   <li>{@code stream} {@code {count, text?}}: sends {@code count} {@code $/progress}
 *       notifications {@code {id, value: {index, text?}}}, then answers {@code {count}};
 *   <li>{@code env}: the result is the plugin's whole environment as an object (tests prove the
 *       host's environment policy with it);
 *   <li>{@code sleep} {@code {ms}}: answers {@code {slept_ms}} after {@code ms} milliseconds, or
 *       {@code -32002} as soon as the host cancels it.
 * </ul>
 */
public final class EchoPlugin {

    private EchoPlugin() {}

    /** The plugin, for tests that serve it in-process. */
    public static Plugin plugin() {
        var definition = PluginDefinition.of("echo", "0.1.0", "custom", "echoes, streams and sleeps for tests")
                .withFeatures(Feature.STREAMING, Feature.PROGRESS, Feature.CANCELLATION);
        return Plugin.builder(definition)
                .method("echo", RequestContext::params)
                .method("stream", EchoPlugin::stream)
                .method("env", request -> new TreeMap<>(System.getenv()))
                .method("sleep", EchoPlugin::sleep)
                .build();
    }

    public static void main(String[] args) {
        System.exit(plugin().run(args));
    }

    private static Object stream(RequestContext request) {
        int count = nonNegative(request, "count");
        String text = request.params().path("text").asString(null);
        for (int i = 0; i < count; i++) {
            request.checkCancelled();
            var value = new LinkedHashMap<String, Object>();
            value.put("index", i);
            if (text != null) {
                value.put("text", text);
            }
            request.progress(value);
        }
        return Map.of("count", count);
    }

    private static Object sleep(RequestContext request) throws InterruptedException {
        int ms = nonNegative(request, "ms");
        request.awaitCancellation(Duration.ofMillis(ms)); // cancelled: the sdk answers -32002
        return Map.of("slept_ms", ms);
    }

    /** The non-negative integer param {@code name}. */
    static int nonNegative(RequestContext request, String name) {
        var value = request.params().path(name);
        if (!value.canConvertToInt() || !value.isIntegralNumber() || value.asInt() < 0) {
            throw PluginError.invalidParams(request.method() + ": params." + name + " must be a non-negative integer");
        }
        return value.asInt();
    }
}
