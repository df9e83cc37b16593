package dev.animus.plugins.cli;

import dev.animus.plugins.cli.CliConfig.Command;
import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.PluginError;
import dev.animus.sdk.provider.AgentRequest;
import dev.animus.sdk.provider.AgentResult;
import dev.animus.sdk.provider.AgentStream;
import dev.animus.sdk.provider.Provider;
import dev.animus.sdk.provider.ProviderPlugin;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The provider {@code cli}: runs the command {@code <project>/.animus/providers/cli.toml} configures
 * (never one from the prompt or the params) with the prompt on stdin or as its last argument,
 * streams its stdout as {@code agent/output} and its stderr as {@code agent/thinking} or
 * {@code log/entry}, and answers its exit code and whole stdout. {@code agent/cancel} kills the
 * command's whole process tree. The project is {@code params.project_root}, else {@code params.cwd};
 * the command runs in {@code params.cwd}. {@code agent/resume} is not supported: a command keeps no
 * session the plugin could name.
 */
public final class CliProvider implements Provider {

    /** The plugin's name; its canonical provider name is {@code cli}. */
    static final String NAME = "animus-provider-cli";

    static final String VERSION = "0.1.0";

    /** The request params the command never sees; named in the result's metadata when given. */
    private static final List<String> NOT_PASSED =
            List.of("system_prompt", "permission_mode", "tools", "response_schema", "reasoning_effort");

    /** The definition: kind {@code provider}, and a deadline for runs longer than the host's default. */
    static PluginDefinition definition() {
        ObjectNode timeouts = JsonNodeFactory.instance.objectNode();
        // a JVM: the host's 2 s for the handshake is too short on a busy machine
        timeouts.put("launch", "10s");
        timeouts.put("agent/run", "2h");
        timeouts.put("agent/resume", "2h");
        return PluginDefinition.of(
                        NAME,
                        VERSION,
                        "provider",
                        "runs the agent CLI a project configures in .animus/providers/cli.toml")
                .withManifestExtra("timeouts", timeouts);
    }

    /** The plugin. */
    static Plugin plugin() {
        return ProviderPlugin.of(definition(), new CliProvider());
    }

    /** The entry point of {@code animus-provider-cli}: {@code --manifest}, or the protocol on stdio. */
    public static void main(String[] args) {
        System.exit(plugin().run(args));
    }

    @Override
    public AgentResult run(AgentRequest request, AgentStream stream) throws Exception {
        Path file = CliConfigFile.of(request.projectRootOrCwd());
        CliConfig config = CliConfigFile.read(request.projectRootOrCwd());
        Command command = select(config, request.model(), file);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(request.env());
        Path program = Programs.resolve(command.argv().getFirst(), request.cwd(), env)
                .orElseThrow(() -> configProblem(
                        file,
                        "command[0] '" + command.argv().getFirst()
                                + "' is no executable file "
                                + (command.argv().getFirst().contains("/")
                                        ? "(relative to " + request.cwd() + ")"
                                        : "on the PATH")
                                + "; name the agent CLI by an absolute path or install it"));
        List<String> argv = new ArrayList<>(command.argv());
        argv.set(0, program.toString());
        stream.cancellation().throwIfCancelled();
        long started = System.nanoTime();
        try (var run = start(argv, command, request, stream, file)) {
            stream.cancellation().onCancel(run::stop);
            Optional<Duration> limit = shorter(command.timeout(), request.timeout());
            OptionalInt exit = run.await(limit);
            run.finish(); // what the command left running is stopped, and its output read to the end
            stream.cancellation().throwIfCancelled(); // a killed command's exit code is no answer
            if (exit.isEmpty()) {
                throw timedOut(limit.orElseThrow(), run.output());
            }
            stream.output("", true);
            ObjectNode metadata = JsonNodeFactory.instance.objectNode();
            metadata.put("command", program.toString());
            request.model().ifPresent(m -> metadata.put("model", m));
            metadata.put("duration_ms", (System.nanoTime() - started) / 1_000_000);
            if (run.truncated()) {
                metadata.put("output_truncated", true);
            }
            var ignored = metadata.putArray("params_not_passed");
            NOT_PASSED.stream()
                    .filter(k -> !request.params().path(k).isMissingNode()
                            && !request.params().path(k).isNull())
                    .forEach(ignored::add);
            if (ignored.isEmpty()) {
                metadata.remove("params_not_passed");
            }
            return AgentResult.of(exit.getAsInt(), run.output()).withMetadata(metadata);
        }
    }

    private static CommandRun start(
            List<String> argv, Command command, AgentRequest request, AgentStream stream, Path file) {
        try {
            return CommandRun.start(argv, command, request, stream);
        } catch (IOException e) {
            throw configProblem(file, "command " + argv.getFirst() + " could not be started: " + e.getMessage());
        }
    }

    /** The command for {@code model}: its own table, or the top-level command when no model is asked for. */
    static Command select(CliConfig config, Optional<String> model, Path file) {
        if (model.isEmpty()) {
            return config.fallback()
                    .orElseThrow(() -> configProblem(
                            file,
                            "the run names no model and there is no top-level command;"
                                    + " add command = [...] or pass one of the models " + sorted(config)));
        }
        Command command = config.models().get(model.get());
        if (command == null) {
            throw configProblem(
                    file,
                    "model '" + model.get() + "' is not configured; add [models."
                            + (model.get().matches("[A-Za-z0-9_-]+") ? model.get() : "\"" + model.get() + "\"")
                            + "] with command = [...]"
                            + (config.models().isEmpty() ? "" : " (configured: " + sorted(config) + ")"));
        }
        return command;
    }

    private static List<String> sorted(CliConfig config) {
        return config.models().keySet().stream().sorted().toList();
    }

    private static Optional<Duration> shorter(Optional<Duration> a, Optional<Duration> b) {
        return Stream.of(a, b).flatMap(Optional::stream).min(Duration::compareTo);
    }

    private static PluginError timedOut(Duration limit, String output) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("category", "timeout");
        data.put("output", output);
        return new PluginError(
                PluginError.TIMEOUT,
                "cli provider: the command ran longer than "
                        + limit.toString().substring(2).toLowerCase(Locale.ROOT)
                        + " (the timeout of cli.toml or timeout_secs) and was killed with its children",
                data);
    }

    private static PluginError configProblem(Path file, String what) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("category", "config");
        data.put("file", file.toString());
        return new PluginError(PluginError.INVALID_PARAMS, "cli provider: " + file + ": " + what, data);
    }
}
