package dev.animus.plugins.workflow;

import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.PluginError;
import dev.animus.sdk.RequestContext;
import dev.animus.sdk.control.ControlException;
import dev.animus.sdk.control.ControlSocket;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin {@code animus-workflow-runner}: a {@code workflow_runner} the daemon starts with its
 * control socket ({@code init_extensions.control_socket}); {@code workflow/start} starts N workers,
 * {@code workflow/status|pause|resume} report and steer them. Its methods are in
 * plugins/workflow-runner/README.md.
 */
public final class WorkflowPlugin {
    static final String NAME = "animus-workflow-runner";
    static final String VERSION = "0.1.0";

    /** How long the stop at exit may take: inside the host's 2 s between {@code exit} and its kill. */
    static final Duration STOP_BOUND = Duration.ofMillis(1500);

    static final int MAX_CONCURRENCY = 64;

    private final ReentrantLock lock = new ReentrantLock();
    private final PrintStream log;
    private Runner runner;

    WorkflowPlugin(PrintStream log) {
        this.log = log;
    }

    static PluginDefinition definition() {
        ObjectNode timeouts = JsonNodeFactory.instance.objectNode();
        timeouts.put("launch", "10s");
        return PluginDefinition.of(
                        NAME,
                        VERSION,
                        "workflow_runner",
                        "leases the daemon's queue, runs .animus/workflow.toml's prompt on a provider, writes the outcome")
                .withManifestExtra("timeouts", timeouts);
    }

    Plugin plugin() {
        return Plugin.builder(definition())
                .method("workflow/start", this::start)
                .method("workflow/status", r -> current().map(Runner::status).orElseGet(WorkflowPlugin::idle))
                .method("workflow/pause", r -> steer(true))
                .method("workflow/resume", r -> steer(false))
                .build();
    }

    private Object start(RequestContext r) {
        JsonNode c = r.params().path("concurrency");
        int concurrency = c.isMissingNode() || c.isNull() ? 1 : c.asInt(0);
        if ((!c.isMissingNode() && !c.isNull() && !c.isIntegralNumber())
                || concurrency < 1
                || concurrency > MAX_CONCURRENCY) {
            throw PluginError.invalidParams("concurrency: must be a whole number from 1 to " + MAX_CONCURRENCY);
        }
        lock.lock();
        try {
            if (runner != null) {
                return Map.of("started", true);
            }
            Path socket = r.controlSocket()
                    .orElseThrow(() -> PluginError.invalidParams(
                            "no control socket: the daemon starts the workflow runner and names its socket in"
                                    + " init_extensions.control_socket"));
            Path root = r.projectRoot().orElse(Path.of("").toAbsolutePath());
            WorkflowConfig config;
            try {
                config = WorkflowConfig.read(root);
            } catch (WorkflowConfig.BadConfig e) {
                r.notify("log/entry", Map.of("level", "error", "message", e.getMessage(), "target", "workflow.config"));
                ObjectNode data = JsonNodeFactory.instance
                        .objectNode()
                        .put("category", "config")
                        .put("file", e.file().toString());
                throw new PluginError(PluginError.INVALID_PARAMS, e.getMessage(), data);
            }
            ControlSocket control;
            try {
                control = ControlSocket.connect(socket);
            } catch (ControlException e) {
                throw new PluginError(PluginError.INTERNAL_ERROR, e.getMessage());
            }
            runner = new Runner(control, config, concurrency, InstantSource.system(), log);
            runner.start();
            return Map.of("started", true);
        } finally {
            lock.unlock();
        }
    }

    private Optional<Runner> current() {
        lock.lock();
        try {
            return Optional.ofNullable(runner);
        } finally {
            lock.unlock();
        }
    }

    private Object steer(boolean pause) {
        Runner r = current()
                .orElseThrow(() -> new PluginError(
                        PluginError.INVALID_REQUEST, "the workflow runner is not started: call workflow/start first"));
        r.pause(pause);
        return Map.of("paused", pause);
    }

    private static ObjectNode idle() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.putArray("running");
        o.put("done", 0).put("failed", 0).put("concurrency", 0).put("paused", false);
        return o;
    }

    /** Gives back the runs under way and closes the connection; at exit or end of stdin. */
    void stop() {
        current().ifPresent(r -> r.stop(STOP_BOUND));
    }

    /** The entry point: {@code --manifest}, or the protocol on stdio; at its end the runs are given back. */
    public static void main(String[] args) {
        WorkflowPlugin p = new WorkflowPlugin(System.err);
        int code = p.plugin().run(args);
        p.stop();
        System.exit(code);
    }
}
