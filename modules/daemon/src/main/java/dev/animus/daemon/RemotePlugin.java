package dev.animus.daemon;

import dev.animus.control.ControlClient;
import dev.animus.control.ControlError;
import dev.animus.control.RecordJson;
import dev.animus.control.StreamEvent;
import dev.animus.core.InitializeResult;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginStatus;
import dev.animus.rpc.Notification;
import dev.animus.rpc.PendingCall;
import dev.animus.runtime.PluginEndpoint;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plugin of the daemon, called over its control socket: the same contract as the in-process
 * {@link dev.animus.runtime.PluginHandle}. An interrupt of the calling thread (Ctrl-C in the shell)
 * cancels the request, and the daemon cancels the plugin's call.
 */
final class RemotePlugin implements PluginEndpoint {
    /** Added to a call's own deadline for the daemon's round trip, so the daemon's timeout wins. */
    private static final Duration MARGIN = Duration.ofSeconds(5);

    private final DaemonLink link;
    private final String name;
    private final String agent;

    RemotePlugin(DaemonLink link, String name, String agent) {
        this.link = link;
        this.name = name;
        this.agent = agent;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public JsonNode call(String method, JsonNode params, CallOptions options) {
        ObjectNode p = callParams(name, agent, method, params, options.timeout());
        Duration deadline = deadline(options.timeout());
        if (options.notifications().isEmpty()) {
            return await(link.client().send("plugin/call", p, deadline));
        }
        p.put("notifications", true);
        return withNotifications(p, deadline, options.notifications().get());
    }

    /** The params of {@code plugin/call}: the plugin, the agent, the method, its params and deadline. */
    static ObjectNode callParams(
            String name, String agent, String method, JsonNode params, Optional<Duration> timeout) {
        ObjectNode p = DaemonLink.target(name, agent).put("method", method);
        p.set("params", params);
        timeout.ifPresent(t -> p.put("timeout_ms", Math.max(1, t.toMillis())));
        return p;
    }

    /** How long the client waits for a call with {@code timeout}: the daemon's own deadline answers first. */
    static Duration deadline(Optional<Duration> timeout) {
        return timeout.map(t -> t.plus(MARGIN)).orElse(DaemonLink.REQUEST_TIMEOUT);
    }

    /** A call whose plugin notifications reach {@code sink} as they come, before its result. */
    private JsonNode withNotifications(ObjectNode p, Duration deadline, Consumer<Notification> sink) {
        try (var notes = link.client().notifications("plugin/notification", 1024)) {
            PendingCall call = link.client().send("plugin/call", p, deadline);
            while (!call.result().isDone()) {
                Optional<StreamEvent> e;
                try {
                    e = notes.next(Duration.ofMillis(50));
                } catch (InterruptedException interrupted) {
                    call.cancel();
                    Thread.currentThread().interrupt();
                    break;
                }
                e.ifPresent(ev -> deliver(ev, call.id(), sink));
            }
            notes.drain(ev -> deliver(ev, call.id(), sink));
            return await(call);
        }
    }

    private static void deliver(StreamEvent e, long id, Consumer<Notification> sink) {
        if (e instanceof StreamEvent.Data d
                && d.data().path("call").asLong(-1) == id
                && d.data().path("method").isString()) {
            JsonNode params = d.data().path("params");
            sink.accept(new Notification(
                    d.data().path("method").stringValue(),
                    params.isNull() ? tools.jackson.databind.node.MissingNode.getInstance() : params));
        }
    }

    private static JsonNode await(PendingCall call) {
        try {
            return ControlClient.await(call);
        } catch (ControlError e) {
            throw DaemonLink.typed(e);
        }
    }

    @Override
    public Duration ping(CallOptions options) {
        ObjectNode p = DaemonLink.target(name, agent);
        options.timeout().ifPresent(t -> p.put("timeout_ms", Math.max(1, t.toMillis())));
        return Duration.ofNanos(link.request("plugin/ping", p).path("rtt_nanos").asLong());
    }

    @Override
    public InitializeResult describe() {
        return RecordJson.read(
                link.request("plugin/describe", DaemonLink.target(name, agent)).get("initialize_result"),
                InitializeResult.class);
    }

    @Override
    public Optional<InitializeResult> handshake() {
        JsonNode r =
                link.request("plugin/handshake", DaemonLink.target(name, agent)).path("initialize_result");
        return r.isObject() ? Optional.of(RecordJson.read(r, InitializeResult.class)) : Optional.empty();
    }

    @Override
    public PluginStatus status() {
        return link.status().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("plugin " + name + " is not registered in the daemon"));
    }

    @Override
    public void reset() {
        link.request("plugin/reset", DaemonLink.target(name, agent));
    }

    @Override
    public void stopProcess() {
        link.request("plugin/stop_process", DaemonLink.target(name, agent));
    }
}
