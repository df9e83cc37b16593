package dev.animus.shell;

import dev.animus.runtime.CallOptions;
import dev.animus.runtime.Supervisor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** {@code animus plugin dev <path> call <method>}: one request, its result on stdout as JSON. */
@Command(
        name = "call",
        mixinStandardHelpOptions = true,
        description = {"Start the plugin, perform the handshake and send one request.",
            "The result is printed on stdout as JSON; errors are one line on stderr.",
            "Exit codes: 0 ok, 1 the plugin failed (error code and message), 2 usage, 124 timeout."},
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin dev ./animus-plugin-echo call echo --params '{\"text\":\"hi\"}'",
            "  echo '[1,2]' | animus plugin dev ./animus-plugin-echo call echo --params -",
            "  animus plugin dev ./slow-plugin call work --timeout 5m --json",
            "  animus plugin dev ./animus-plugin-echo call stream --params '{\"count\":3}' -v   # notifications on stderr"})
final class DevCall implements Callable<Integer> {

    @ParentCommand
    DevCommand dev;

    @Parameters(index = "0", paramLabel = "<method>", description = "The method to call.")
    String method;

    @Option(names = "--params", paramLabel = "JSON|-",
            description = "The params: a JSON object or array, or - to read them from stdin. Default: {}.")
    String params;

    @Option(names = "--timeout", paramLabel = "DURATION",
            description = "Deadline of the call, e.g. 500ms, 10s, 5m (default: the method's, 30s for most).")
    String timeout;

    @Override
    public Integer call() {
        JsonNode p = params();
        CallOptions options = CallOptions.defaults();
        if (timeout != null) {
            options = options.withTimeout(DevCommand.duration(timeout, "--timeout"));
        }
        Terminal t = dev.root().terminal();
        if (dev.root().verbose) {
            options = options.streamingTo(n -> t.info("notification " + n.method() + " " + n.params()));
        }
        Supervisor plugin = dev.supervisor();
        long t0 = System.nanoTime();
        JsonNode result;
        try {
            result = plugin.call(method, p, options);
        } catch (RuntimeException e) {
            throw Failures.of(e);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
        if (dev.root().json) {
            var env = Terminal.envelope("plugin.dev.call")
                    .put("plugin", plugin.handshake().map(h -> h.pluginInfo().name()).orElse(plugin.name()))
                    .put("method", method)
                    .put("elapsed_ms", DevPing.millis(elapsed));
            env.set("result", result);
            t.printJson(env);
        } else {
            t.printJson(result);
        }
        return ExitCodes.OK;
    }

    private JsonNode params() {
        if (params == null) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (params.equals("-") && dev.root().context().scriptMode()) {
            throw new CommandFailed(ExitCodes.USAGE, "--params - reads stdin, which holds the commands here; "
                    + "give the JSON inline: --params '{...}'");
        }
        String text = params.equals("-") ? readStdin(dev.root().terminal().in()) : params;
        JsonNode node;
        try {
            node = Terminal.json().readTree(text);
        } catch (JacksonException e) {
            throw new CommandFailed(ExitCodes.USAGE, "--params is not valid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !(node.isObject() || node.isArray())) {
            throw new CommandFailed(ExitCodes.USAGE, "--params must be a JSON object or array (JSON-RPC params)");
        }
        return node;
    }

    private static String readStdin(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read --params from stdin", e);
        }
    }
}
