package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import dev.animus.control.RecordJson;
import dev.animus.core.AgentScope;
import dev.animus.core.InitializeResult;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginStatus;
import dev.animus.install.InstallReport;
import dev.animus.install.InstallRequest;
import dev.animus.install.Permit;
import dev.animus.install.PluginInstaller;
import dev.animus.install.TrustReport;
import dev.animus.rpc.Handlers;
import dev.animus.rpc.IncomingRequest;
import dev.animus.runtime.Animus;
import dev.animus.runtime.PluginHandle;
import dev.animus.runtime.Plugins;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code plugin/} group of the control protocol (docs/daemon.md#methods): each method one use
 * case of runtime's API over the daemon's plugins. Failures go out in their wire form
 * ({@link FailureWire}). Use cases that need the operator's confirmation (install, trust, consent)
 * take {@code confirm}: the digest the operator was shown, checked against what is there now.
 */
final class PluginMethods {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Animus animus;
    private final Plugins plugins;
    private final PermitCache permits;

    PluginMethods(Animus animus, Plugins plugins) {
        this.animus = animus;
        this.plugins = plugins;
        this.permits = new PermitCache(animus, plugins);
    }

    void addTo(Handlers.Builder table) {
        table.on("plugin/resolve", r -> answer(r, () -> resolve(r)));
        table.on("plugin/status", r -> answer(r, () -> status(r.params())));
        table.on("plugin/list", r -> answer(r, this::list));
        table.on("plugin/call", this::call);
        table.on("plugin/ping", r -> answer(r, () -> ping(r.params())));
        table.on("plugin/describe", r -> answer(r, () -> describe(r.params())));
        table.on("plugin/handshake", r -> answer(r, () -> handshake(r.params())));
        table.on("plugin/info", r -> answer(r, () -> info(r.params())));
        table.on("plugin/stop_process", r -> answer(r, () -> stopProcess(r.params())));
        table.on("plugin/reset", r -> answer(r, () -> reset(r.params())));
        table.on("plugin/inspect", r -> answer(r, () -> inspect(r.params())));
        table.on("plugin/install", r -> answer(r, () -> install(r.params())));
        table.on("plugin/trust", r -> answer(r, () -> trust(r.params())));
        table.on("plugin/consent", r -> answer(r, () -> consent(r.params())));
        table.on("plugin/enable", r -> answer(r, () -> grant(r.params(), true)));
        table.on("plugin/disable", r -> answer(r, () -> grant(r.params(), false)));
    }

    /** Runs {@code body} and answers with its result, or with the failure in its wire form. */
    static void answer(IncomingRequest request, Supplier<JsonNode> body) {
        JsonNode result;
        try {
            result = body.get();
        } catch (RuntimeException e) {
            throw FailureWire.toWire(e).orElseThrow(() -> e);
        }
        request.respond(result);
    }

    private PermitCache.Resolved resolved(JsonNode p) {
        return permits.resolve(
                Params.text(p, "name"), Params.optionalText(p, "agent").orElse("default"));
    }

    private JsonNode resolve(IncomingRequest r) {
        Permit permit = resolved(r.params()).permit();
        return JSON.objectNode().set("permit", RecordJson.write(permit, Permit.class));
    }

    private JsonNode status(JsonNode p) {
        Optional<String> only = Params.optionalText(p, "name");
        ArrayNode list = JSON.arrayNode();
        for (PluginStatus s : plugins.status()) {
            if (only.isEmpty() || only.get().equals(s.name())) {
                list.add(RecordJson.write(s, PluginStatus.class));
            }
        }
        return JSON.objectNode().set("plugins", list);
    }

    private JsonNode list() {
        ArrayNode list = JSON.arrayNode();
        List<PluginStatus> running = plugins.status();
        animus.state().plugins().forEach((name, state) -> {
            if (state.current().isEmpty()) {
                return;
            }
            ObjectNode o = list.addObject()
                    .put("name", name)
                    .put("sha256", state.current().get().digest());
            running.stream()
                    .filter(s -> s.name().equals(name))
                    .findFirst()
                    .ifPresentOrElse(s -> o.put("state", s.state().word()), () -> o.putNull("state"));
        });
        return JSON.objectNode().set("plugins", list);
    }

    /**
     * {@code plugin/call {name, agent?, method, params?, timeout_ms?, notifications?}}: the call;
     * with {@code notifications}, each notification of the plugin during the call is sent first as
     * {@code plugin/notification {call: <this request's id>, method, params}}. A cancelled request
     * (the client's {@code $/cancelRequest} or its connection's end) cancels the plugin's call.
     */
    private void call(IncomingRequest r) {
        JsonNode p = r.params();
        String method = Params.text(p, "method");
        JsonNode params = Params.container(p, "params");
        CallOptions options = CallOptions.defaults();
        Optional<Duration> timeout = Params.millis(p, "timeout_ms");
        if (timeout.isPresent()) {
            options = options.withTimeout(timeout.get());
        }
        if (Params.flag(p, "notifications")) {
            options = options.streamingTo(n -> {
                ObjectNode frame = JSON.objectNode();
                frame.set("call", r.id());
                frame.put("method", n.method());
                frame.set("params", n.params().isMissingNode() ? JSON.nullNode() : n.params());
                r.notify("plugin/notification", frame);
            });
        }
        CallOptions chosen = options;
        answer(r, () -> Cancellable.run(r, () -> resolved(p).handle().call(method, params, chosen)));
    }

    private JsonNode ping(JsonNode p) {
        PluginHandle h = resolved(p).handle();
        CallOptions options = CallOptions.defaults()
                .withTimeout(Params.millis(p, "timeout_ms").orElse(Duration.ofSeconds(2)));
        Duration rtt = h.ping(options);
        return JSON.objectNode()
                .put("rtt_nanos", rtt.toNanos())
                .set("status", RecordJson.write(h.status(), PluginStatus.class));
    }

    private JsonNode describe(JsonNode p) {
        InitializeResult r = resolved(p).handle().describe();
        return JSON.objectNode().set("initialize_result", RecordJson.write(r, InitializeResult.class));
    }

    private JsonNode handshake(JsonNode p) {
        ObjectNode o = JSON.objectNode();
        resolved(p)
                .handle()
                .handshake()
                .ifPresent(h -> o.set("initialize_result", RecordJson.write(h, InitializeResult.class)));
        return o;
    }

    private JsonNode info(JsonNode p) {
        PermitCache.Resolved r = resolved(p);
        ObjectNode o = JSON.objectNode();
        o.set("permit", RecordJson.write(r.permit(), Permit.class));
        r.handle().handshake().ifPresent(h -> o.set("initialize_result", RecordJson.write(h, InitializeResult.class)));
        return o;
    }

    private JsonNode stopProcess(JsonNode p) {
        String name = Params.text(p, "name");
        plugins.find(name).ifPresent(PluginHandle::stopProcess);
        return JSON.objectNode();
    }

    private JsonNode reset(JsonNode p) {
        String name = Params.text(p, "name");
        PluginHandle h = plugins.find(name)
                .orElseThrow(() -> new ControlError(
                        ErrorCategory.NOT_FOUND,
                        "no plugin named " + name + " has run in the daemon",
                        Optional.of("animus plugin status"),
                        JSON.objectNode().put("failure_type", "not_running")));
        String before = h.status().state().word();
        h.reset();
        return JSON.objectNode()
                .put("name", name)
                .put("was", before)
                .put("state", h.status().state().word());
    }

    /**
     * What the operator is shown before a grant: the digest of the installed code, the stage, and
     * the digest of the disclosure to consent to (what {@code plugin/trust} and {@code plugin/consent}
     * take as {@code confirm}).
     */
    private JsonNode inspect(JsonNode p) {
        var i = animus.inspect(
                        Params.text(p, "name"), Params.optionalText(p, "agent").orElse("default"))
                .inspection();
        ObjectNode o = JSON.objectNode()
                .put("name", i.name())
                .put("stage", i.stage().name().toLowerCase(java.util.Locale.ROOT));
        i.state().current().ifPresentOrElse(c -> o.put("sha256", c.digest()), () -> o.putNull("sha256"));
        i.consentDigest().ifPresentOrElse(d -> o.put("consent_digest", d), () -> o.putNull("consent_digest"));
        o.put("consented", i.consented());
        i.manifest().ifPresent(m -> o.set("methods", RecordJson.write(m.methods(), List.class)));
        return o;
    }

    private JsonNode install(JsonNode p) {
        Path path = Path.of(Params.text(p, "path")).toAbsolutePath().normalize();
        String shown = Params.text(p, "confirm");
        String actual = Animus.sha256(path);
        if (!actual.equals(shown)) {
            throw conflict(path + " has sha256 " + actual + ", not the confirmed " + shown
                    + ": show the operator the file's digest again");
        }
        InstallReport report = animus.install(InstallRequest.local(
                path, Params.optionalText(p, "as"), new PluginInstaller.PinPolicy(Params.flag(p, "force"), false)));
        return JSON.objectNode().set("report", RecordJson.write(report, InstallReport.class));
    }

    private JsonNode trust(JsonNode p) {
        TrustReport report =
                animus.trust(Params.text(p, "name"), Params.text(p, "confirm"), Params.flag(p, "allow_name_mismatch"));
        return JSON.objectNode().set("report", RecordJson.write(report, TrustReport.class));
    }

    private JsonNode consent(JsonNode p) {
        String name = Params.text(p, "name");
        animus.consent(name, Params.text(p, "confirm"));
        return JSON.objectNode().put("name", name).put("consented", true);
    }

    private JsonNode grant(JsonNode p, boolean enable) {
        String name = Params.text(p, "name");
        AgentScope scope = Params.optionalText(p, "agent")
                .<AgentScope>map(AgentScope.One::new)
                .orElseGet(AgentScope.All::new);
        if (enable) {
            animus.enable(name, scope);
        } else {
            animus.disable(name, scope);
        }
        return JSON.objectNode().put("name", name).put("enabled", enable);
    }

    private static ControlError conflict(String message) {
        return new ControlError(ErrorCategory.CONFLICT, message);
    }

    /**
     * Runs a blocking use case so that the request's cancellation interrupts it (how a plugin call
     * is given up, with {@code $/cancelRequest} to the plugin), and only it: the interrupt can never
     * reach the thread once the use case returned (it would break the socket write of the answer).
     */
    static final class Cancellable {
        private final ReentrantLock lock = new ReentrantLock();
        private final Thread thread = Thread.currentThread();
        private boolean running = true;

        private Cancellable() {}

        static <T> T run(IncomingRequest request, Supplier<T> body) {
            Cancellable c = new Cancellable();
            request.whenCancelled().thenRun(c::interrupt);
            try {
                return body.get();
            } finally {
                c.lock.lock();
                try {
                    c.running = false;
                    Thread.interrupted(); // a cancellation that came as the use case returned
                } finally {
                    c.lock.unlock();
                }
            }
        }

        private void interrupt() {
            lock.lock();
            try {
                if (running) {
                    thread.interrupt();
                }
            } finally {
                lock.unlock();
            }
        }
    }
}
