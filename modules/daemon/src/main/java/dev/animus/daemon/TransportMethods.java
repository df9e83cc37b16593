package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import dev.animus.rpc.Handlers;
import dev.animus.transports.TransportEndpoint;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code transport/} group of the control protocol (docs/daemon.md#transports): the transports
 * that run, and starting them when none does.
 */
final class TransportMethods {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final DaemonTransports transports;

    TransportMethods(DaemonTransports transports) {
        this.transports = transports;
    }

    void addTo(Handlers.Builder table) {
        table.on("transport/list", r -> r.respond(list(transports.endpoints())));
        table.on("transport/start", r -> r.respond(start(r.params())));
    }

    /** {@code transport/start {bind_addr?}}: starts them when none runs; answers as the list. */
    private JsonNode start(JsonNode params) {
        Optional<String> bind = Params.optionalText(params, "bind_addr");
        try {
            return list(transports.start(bind));
        } catch (IllegalStateException e) {
            throw new ControlError(ErrorCategory.UNAVAILABLE, e.getMessage());
        }
    }

    /**
     * {@code {transports: [{plugin, bound_addr, url|null, ui, legacy, started_at}], starting}}, UI
     * first.
     */
    private JsonNode list(List<TransportEndpoint> endpoints) {
        ArrayNode list = JSON.arrayNode();
        for (TransportEndpoint e : endpoints) {
            ObjectNode o = list.addObject().put("plugin", e.plugin()).put("bound_addr", e.boundAddr());
            e.url().map(URI::toString).ifPresentOrElse(u -> o.put("url", u), () -> o.putNull("url"));
            o.put("ui", e.ui())
                    .put("legacy", e.legacy())
                    .put("started_at", e.startedAt().toString());
        }
        ObjectNode answer = JSON.objectNode();
        answer.set("transports", list);
        return answer.put("starting", transports.starting());
    }
}
