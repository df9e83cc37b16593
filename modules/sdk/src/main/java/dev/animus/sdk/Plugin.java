package dev.animus.sdk;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * An Animus plugin: a definition plus handlers, served over stdin/stdout as the protocol demands.
 *
 * <pre>{@code
 * public static void main(String[] args) {
 *     var definition = PluginDefinition.of("hello", "0.1.0", "custom", "says hello")
 *             .withFeatures(Feature.PROGRESS);
 *     int code = Plugin.builder(definition)
 *             .method("hello", request -> Map.of("greeting", "hello " + request.params().path("name").asString()))
 *             .build()
 *             .run(args);
 *     System.exit(code);
 * }
 * }</pre>
 *
 * <p>The sdk answers the lifecycle itself: {@code initialize} (rejecting a host protocol of another
 * major with {@code -32602}), {@code initialized}, {@code $/ping}, {@code health/check} (unless the
 * plugin registers its own), {@code shutdown}, {@code exit} and {@code $/cancelRequest}. A
 * registered method called before {@code initialized} is answered {@code -32000}; an unknown one
 * {@code -32601}. Thread-safe; {@link #serve} may run once at a time per stream pair.
 */
public interface Plugin {

    /** Starts a plugin with {@code definition}; its methods come from the builder. */
    static Builder builder(PluginDefinition definition) {
        return new SdkPlugin.Builder(definition);
    }

    /** The definition this plugin was built from. */
    PluginDefinition definition();

    /**
     * The method names the plugin advertises ({@code capabilities.methods} and the manifest's
     * capabilities): {@code $/ping}, {@code health/check}, then the registered ones in order.
     */
    List<String> methods();

    /** The {@code --manifest} object (docs/protocol.md#the-manifest). */
    ObjectNode manifest();

    /**
     * Runs as a plugin executable's {@code main} should. With {@code --manifest}: prints the
     * manifest as one line on stdout and returns 0. Without arguments: serves the protocol on
     * stdin/stdout (see {@link #serve}) and returns the exit code. With any other argument: a
     * usage line on stderr, returns 2.
     *
     * <p>While serving, {@code System.out} is pointed at stderr so that a stray {@code println}
     * in plugin code cannot corrupt the protocol stream.
     *
     * @return the process exit code; pass it to {@code System.exit}
     */
    int run(String[] args);

    /**
     * Serves the protocol over the given streams; for tests and embedding. It ends at once on the
     * {@code exit} notification; at end of {@code in} it first lets the handlers already running
     * answer, for at most one second. Handlers still running at the end are cancelled and their
     * answers are not written. The streams are not closed.
     *
     * <p>{@code out} must not be a stream over an interruptible channel: cancellation interrupts
     * the handler thread, which would close such a stream under a write.
     *
     * @param in the host's frames
     * @param out the plugin's frames
     * @param diagnostics human-readable lines (a plugin's stderr)
     * @return 0 after {@code exit} or end of input, 1 when reading or writing failed
     */
    int serve(InputStream in, OutputStream out, PrintStream diagnostics);

    /** Collects the plugin's handlers. Not thread-safe; build once. */
    interface Builder {

        /**
         * Registers the handler of request method {@code name}. {@code health/check} may be
         * registered to replace the built-in answer; it is then callable before
         * {@code initialized} too.
         *
         * @throws IllegalArgumentException if {@code name} is blank, a lifecycle method the sdk
         *     answers itself, or already registered
         */
        Builder method(String name, MethodHandler handler);

        /**
         * Registers a handler that writes its own answer; see {@link RawMethodHandler}.
         *
         * @throws IllegalArgumentException as for {@link #method}
         */
        Builder rawMethod(String name, RawMethodHandler handler);

        /**
         * Registers the handler of host → plugin notification {@code name}.
         *
         * @throws IllegalArgumentException if {@code name} is blank, a lifecycle notification, or
         *     already registered
         */
        Builder notification(String name, NotificationHandler handler);

        /** The plugin. */
        Plugin build();
    }
}
