package dev.animus.daemon;

import dev.animus.rpc.Handlers;
import dev.animus.runtime.Triggers;
import dev.animus.triggers.TriggerNotice;
import dev.animus.triggers.TriggerStatus;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code trigger/} group of the control protocol (docs/daemon.md#triggers): the trigger
 * sessions' state and counters; and the daemon events their notices become.
 */
final class TriggerMethods {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Supplier<Triggers> triggers;

    TriggerMethods(Supplier<Triggers> triggers) {
        this.triggers = triggers;
    }

    void addTo(Handlers.Builder table) {
        table.on("trigger/status", r -> r.respond(status()));
    }

    /** {@code trigger/status {}} → {@code {triggers: [{plugin, state, events, …, last_error?}]}}. */
    private JsonNode status() {
        ArrayNode list = JSON.arrayNode();
        for (TriggerStatus s : triggers.get().status()) {
            ObjectNode o = list.addObject()
                    .put("plugin", s.plugin())
                    .put("state", s.state().word())
                    .put("events", s.events())
                    .put("dispatched", s.dispatched())
                    .put("queued", s.queued())
                    .put("unmatched", s.unmatched())
                    .put("skipped", s.skipped())
                    .put("failed", s.failed())
                    .put("malformed", s.malformed())
                    .put("restarts", s.restarts());
            s.lastError().ifPresent(e -> o.put("last_error", e));
        }
        return JSON.objectNode().set("triggers", list);
    }

    /** The daemon event a notice is: its type and fields. */
    static void publish(TriggerNotice notice, Daemon daemon) {
        switch (notice) {
            case TriggerNotice.Crashed c -> {
                ObjectNode f = JSON.objectNode().put("plugin", c.plugin()).put("failures", c.failures());
                c.lastError().ifPresent(e -> f.put("last_error", e));
                daemon.publish("trigger_crashed", f);
            }
            case TriggerNotice.Unmatched u -> {
                ObjectNode f = JSON.objectNode().put("plugin", u.plugin()).put("event_id", u.eventId());
                u.actionHint().ifPresent(h -> f.put("action_hint", h));
                daemon.publish("trigger_unmatched", f);
            }
        }
    }
}
