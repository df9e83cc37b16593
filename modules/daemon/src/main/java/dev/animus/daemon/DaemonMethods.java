package dev.animus.daemon;

import dev.animus.control.ControlProtocol;
import dev.animus.control.ControlStream;
import dev.animus.core.ProcessState;
import dev.animus.host.PluginStatus;
import dev.animus.rpc.Handlers;
import dev.animus.rpc.IncomingRequest;
import dev.animus.runtime.Plugins;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The {@code daemon/} group of the control protocol: status, health, stop, events, logs. */
final class DaemonMethods {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Events held for a follower that reads slowly before it lags. */
    static final int STREAM_CAPACITY = 1024;

    private final Daemon daemon;
    private final Plugins plugins;
    private final EventHub events;
    private final Instant startedAt;

    DaemonMethods(Daemon daemon, Plugins plugins, EventHub events, Instant startedAt) {
        this.daemon = daemon;
        this.plugins = plugins;
        this.events = events;
        this.startedAt = startedAt;
    }

    void addTo(Handlers.Builder table) {
        table.on("daemon/status", r -> r.respond(status()));
        table.on("daemon/health", r -> r.respond(health()));
        table.on("daemon/stop", this::stop);
        table.on("daemon/events", this::events);
        table.on(
                "daemon/logs",
                r -> DaemonLogs.stream(r, daemon.logs(), daemon.options().clock(), events::track));
    }

    private JsonNode status() {
        List<PluginStatus> all = plugins.status();
        ObjectNode o = JSON.objectNode()
                .put("protocol_version", ControlProtocol.VERSION)
                .put("version", daemon.options().version())
                .put("pid", ProcessHandle.current().pid())
                .put("project_root", daemon.options().projectRoot().toString())
                .put("socket", daemon.options().socket().toString())
                .put("started_at", startedAt.toString());
        o.putObject("plugins")
                .put("running", all.stream().filter(s -> s.pid().isPresent()).count())
                .put("total", all.size());
        return o;
    }

    /** Healthy unless a plugin is disabled by its crash window (it needs {@code plugin reset}). */
    private JsonNode health() {
        ObjectNode o = JSON.objectNode();
        var list = o.putArray("plugins");
        boolean degraded = false;
        for (PluginStatus s : plugins.status()) {
            boolean ok = s.state() != ProcessState.DISABLED;
            degraded |= !ok;
            ObjectNode p = list.addObject()
                    .put("name", s.name())
                    .put("state", s.state().word())
                    .put("ok", ok);
            s.lastError().ifPresent(e -> p.put("last_error", e));
        }
        o.put("status", degraded ? "degraded" : "healthy");
        return o;
    }

    private void stop(IncomingRequest r) {
        r.respond(JSON.objectNode()
                .put("stopping", true)
                .put("pid", ProcessHandle.current().pid()));
        daemon.requestStop("daemon/stop");
    }

    /** {@code daemon/events {follow?}}: the recent events, then (with follow) every new one. */
    private void events(IncomingRequest r) {
        boolean follow = Params.flag(r.params(), "follow");
        ControlStream stream = ControlStream.open(r, "daemon", STREAM_CAPACITY);
        if (follow) {
            events.follow(stream);
            stream.awaitEnd();
        } else {
            events.recent().forEach(stream::emit);
            stream.close("end");
        }
    }
}
