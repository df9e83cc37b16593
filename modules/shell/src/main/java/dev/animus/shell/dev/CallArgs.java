package dev.animus.shell.dev;

import dev.animus.core.ErrorCodes;
import dev.animus.core.HostFailure;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginCallFailed;
import dev.animus.runtime.Animus;
import dev.animus.runtime.JsonInput;
import dev.animus.runtime.PluginEndpoint;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.DidYouMean;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine;
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
            paramLabel = "JSON|-|@FILE",
            description = "The params: a JSON object or array, - to read them from stdin, or @FILE to read them "
                    + "from a file. Default: {}. '--json JSON' gives them too.")
    String params;

    /** The params given as {@code --json JSON} ({@link JsonAsParams}), or null. */
    private String paramsFromJson;

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
    public int run(
            AnimusCommand root,
            Supplier<? extends PluginEndpoint> target,
            Function<PluginEndpoint, List<String>> methods,
            String method,
            String schema) {
        JsonNode p = params(root);
        CallOptions options = CallOptions.defaults();
        if (timeout != null) {
            options = options.withTimeout(DevCommand.duration(timeout, "--timeout"));
        }
        PluginEndpoint plugin = target.get();
        Terminal t = root.terminal();
        if (root.verbose) {
            options = Animus.streamingTo(options, (m, params) -> t.info("notification " + m + " " + params));
        }
        long t0 = System.nanoTime();
        JsonNode result;
        try {
            result = plugin.call(method, p, options);
        } catch (RuntimeException e) {
            CommandFailed failed = Failures.of(e);
            String hint = unknownMethod(e) ? DidYouMean.suffix(method, methods.apply(plugin)) : "";
            throw hint.isEmpty() ? failed : failed.withMessage(failed.getMessage() + hint);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
        if (root.json) {
            String name = plugin.handshake().map(h -> h.pluginInfo().name()).orElse(plugin.name());
            printEnvelope(t, schema, name, method, elapsed, result);
        } else {
            t.printJson(result);
        }
        return ExitCodes.OK;
    }

    /**
     * A call's result as {@code --json} prints it: {@code {schema, plugin, method, elapsed_ms,
     * result}}, {@code plugin} the name the plugin gave in its handshake.
     */
    public static void printEnvelope(
            Terminal t, String schema, String plugin, String method, Duration elapsed, JsonNode result) {
        var env = Terminal.envelope(schema)
                .put("plugin", plugin)
                .put("method", method)
                .put("elapsed_ms", PingArgs.millis(elapsed));
        env.set("result", result);
        t.printJson(env);
    }

    /** Whether {@code e} says the plugin has no such method, or did not disclose it. */
    public static boolean unknownMethod(RuntimeException e) {
        return e instanceof PluginCallFailed p
                && switch (p.failure()) {
                    case HostFailure.Undisclosed u -> !u.lifecycle();
                    case HostFailure.Rpc r -> r.code() == ErrorCodes.METHOD_NOT_FOUND;
                    default -> false;
                };
    }

    /** {@code --json JSON}: the params, once. */
    void paramsFromJson(CommandLine cmd, String json) {
        if (paramsFromJson != null) {
            throw new CommandLine.ParameterException(cmd, "--json JSON gives the params once; merge them into one");
        }
        paramsFromJson = json;
    }

    private JsonNode params(AnimusCommand root) {
        if (params != null && paramsFromJson != null) {
            throw new CommandFailed(
                    ExitCodes.USAGE, "conflicting_options", "--params and --json JSON both give the params; give one");
        }
        String params = this.params != null ? this.params : paramsFromJson;
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
        String text = params.equals("-")
                ? readStdin(root.terminal().in())
                : params.startsWith("@") ? readFile(params.substring(1)) : params;
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

    /** The params in {@code file} ({@code --params @FILE}), relative to the working directory. */
    private static String readFile(String file) {
        if (file.isEmpty()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "params_unreadable",
                    "--params @FILE needs a file name after the @, e.g. @params.json");
        }
        try {
            return Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new CommandFailed(ExitCodes.USAGE, "params_unreadable", "--params @" + file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new CommandFailed(ExitCodes.USAGE, "params_unreadable", "--params @" + file + ": permission denied");
        } catch (InvalidPathException | IOException e) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "params_unreadable",
                    "--params @" + file + ": cannot read it (is it a readable text file?)");
        }
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
