package dev.animus.shell.dev;

import dev.animus.host.CallOptions;
import dev.animus.runtime.Animus;
import dev.animus.runtime.JsonInput;
import dev.animus.runtime.PluginHandle;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Supplier;
import picocli.CommandLine.Option;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The options of one request ({@code --params}, {@code --timeout}) and how its outcome is printed,
 * shared by {@code plugin call <name>} and {@code plugin dev <path> call}.
 */
public final class CallArgs {

    @Option(
            names = "--params",
            paramLabel = "JSON|-",
            description = "The params: a JSON object or array, or - to read them from stdin. Default: {}.")
    String params;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "Deadline of the call, e.g. 500ms, 10s, 5m (default: the method's, 30s for most).")
    String timeout;

    /**
     * Checks the options, then sends {@code method} through the plugin and prints the result
     * ({@code schema} for --json). The plugin is looked up only once the options are valid, so a
     * usage error never starts anything.
     */
    public int run(AnimusCommand root, Supplier<PluginHandle> target, String method, String schema) {
        JsonNode p = params(root);
        CallOptions options = CallOptions.defaults();
        if (timeout != null) {
            options = options.withTimeout(DevCommand.duration(timeout, "--timeout"));
        }
        PluginHandle plugin = target.get();
        Terminal t = root.terminal();
        if (root.verbose) {
            options = Animus.streamingTo(options, (m, params) -> t.info("notification " + m + " " + params));
        }
        long t0 = System.nanoTime();
        JsonNode result;
        try {
            result = plugin.call(method, p, options);
        } catch (RuntimeException e) {
            throw Failures.of(e);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
        if (root.json) {
            var env = Terminal.envelope(schema)
                    .put(
                            "plugin",
                            plugin.handshake().map(h -> h.pluginInfo().name()).orElse(plugin.name()))
                    .put("method", method)
                    .put("elapsed_ms", PingArgs.millis(elapsed));
            env.set("result", result);
            t.printJson(env);
        } else {
            t.printJson(result);
        }
        return ExitCodes.OK;
    }

    private JsonNode params(AnimusCommand root) {
        if (params == null) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (params.equals("-") && root.context().commandsOnStdin()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "params_from_stdin",
                    "--params - reads stdin, which holds the commands here; "
                            + "give the JSON inline: --params '{...}'");
        }
        String text = params.equals("-") ? readStdin(root.terminal().in()) : params;
        JsonNode node;
        try {
            node = JsonInput.parse(text); // numbers as written: 1e1000000 must not become "Infinity"
        } catch (JacksonException e) {
            throw new CommandFailed(ExitCodes.USAGE, "params_invalid_json", notJson(where(e)));
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "params_invalid_json", notJson(e.getMessage()));
        }
        if (node == null || !(node.isObject() || node.isArray())) {
            throw new CommandFailed(
                    ExitCodes.USAGE, "params_not_object", "--params must be a JSON object or array (JSON-RPC params)");
        }
        return node;
    }

    /**
     * The line for params that are not JSON: where the parser stopped (never the parser's own
     * words, which name Java), and the usual cause, a shell that took the quotes away.
     */
    private static String notJson(String where) {
        return "--params is not valid JSON (" + where + "); quote the whole JSON for the shell, in single"
                + " quotes: --params '{\"text\": \"hi\"}'";
    }

    /** Where the parser stopped: line and column. */
    private static String where(JacksonException e) {
        var at = e.getLocation();
        if (at == null || at.getLineNr() < 1) {
            return "it cannot be read";
        }
        return "it stops being JSON at line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    private static String readStdin(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read --params from stdin", e);
        }
    }
}
