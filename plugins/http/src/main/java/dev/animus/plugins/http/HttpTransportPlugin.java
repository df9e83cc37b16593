package dev.animus.plugins.http;

import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import dev.animus.sdk.PluginError;
import dev.animus.sdk.RequestContext;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin {@code animus-transport-http}: a {@code transport_backend} advertising {@code $ui/web}.
 * {@code transport/start} listens on loopback and serves the dashboard and the HTTP API over the
 * control socket it names; {@code transport/info} tells where; {@code transport/shutdown} stops
 * it. Routes, auth, headers and config are in plugins/http/README.md. Thread-safe: the methods
 * serialise on one lock.
 */
public final class HttpTransportPlugin implements AutoCloseable {
    static final String NAME = "animus-transport-http";
    static final String VERSION = "0.1.0";

    private final ReentrantLock lock = new ReentrantLock();
    private final InstantSource clock;
    private final PrintStream log;
    private Serving serving;

    HttpTransportPlugin(InstantSource clock, PrintStream log) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.log = Objects.requireNonNull(log, "log");
    }

    static PluginDefinition definition() {
        ObjectNode timeouts = JsonNodeFactory.instance.objectNode();
        // a JVM: the host's 2 s for the handshake is short on a busy machine
        timeouts.put("launch", "10s");
        return PluginDefinition.of(
                        NAME,
                        VERSION,
                        "transport_backend",
                        "the daemon's dashboard, JSON-RPC and server-sent events on a loopback port, behind the"
                                + " daemon's web token")
                .withCapabilityFlags("$ui/web")
                .withManifestExtra("timeouts", timeouts);
    }

    Plugin plugin() {
        return Plugin.builder(definition())
                .method("transport/start", this::start)
                .method("transport/info", r -> info())
                .method("transport/shutdown", r -> {
                    close();
                    return JsonNodeFactory.instance.objectNode();
                })
                .build();
    }

    private Object start(RequestContext r) {
        JsonNode p = r.params();
        String token = text(p, "auth_token")
                .orElseThrow(() -> PluginError.invalidParams(
                        "auth_token: the daemon's web token is required: every request is checked against it"));
        Path socket = text(p, "control_socket_path")
                .flatMap(HttpTransportPlugin::absolute)
                .orElseThrow(() -> PluginError.invalidParams(
                        "control_socket_path: the absolute path of the daemon's control socket is required"));
        JsonNode config = p.path("config").isObject() ? p.get("config") : JsonNodeFactory.instance.objectNode();
        LoopbackBind bind = LoopbackBind.of(text(p, "bind_addr"), config);
        lock.lock();
        try {
            if (serving == null) {
                try {
                    serving = Serving.start(bind, socket, token, clock, log);
                } catch (UncheckedIOException e) {
                    throw new PluginError(PluginError.INTERNAL_ERROR, e.getMessage());
                }
                log.println("animus-transport-http: listening on "
                        + serving.endpoint().path("url").asString());
            }
            return serving.endpoint();
        } finally {
            lock.unlock();
        }
    }

    private Object info() {
        lock.lock();
        try {
            if (serving == null) {
                throw new PluginError(
                        PluginError.INVALID_REQUEST, "the transport is not started: call transport/start");
            }
            return serving.endpoint();
        } finally {
            lock.unlock();
        }
    }

    private static Optional<String> text(JsonNode params, String field) {
        JsonNode v = params.path(field);
        return v.isString() && !v.asString().isBlank() ? Optional.of(v.asString()) : Optional.empty();
    }

    private static Optional<Path> absolute(String path) {
        try {
            Path p = Path.of(path);
            return p.isAbsolute() ? Optional.of(p) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** Stops serving (transport/shutdown, or the end of the session); idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (serving != null) {
                serving.close();
                serving = null;
            }
        } finally {
            lock.unlock();
        }
    }

    /** The entry point: {@code --manifest}, or the protocol on stdio; the server stops when the session ends. */
    public static void main(String[] args) {
        int code;
        try (HttpTransportPlugin transport = new HttpTransportPlugin(InstantSource.system(), System.err)) {
            code = transport.plugin().run(args);
        }
        System.exit(code);
    }
}
