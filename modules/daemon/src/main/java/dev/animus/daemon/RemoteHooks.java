package dev.animus.daemon;

import dev.animus.core.HookInput;
import dev.animus.hooks.EventDelivery;
import dev.animus.hooks.HookRun;
import dev.animus.runtime.HookEndpoint;
import dev.animus.runtime.HookJson;
import dev.animus.runtime.Hooks;
import java.time.Duration;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The daemon's hook use cases, over its control socket ({@code hook/run}, {@code hook/event},
 * {@code hook/list}): the same outcomes as the in-process {@link Hooks}, from the daemon's sealed
 * sessions.
 */
final class RemoteHooks implements HookEndpoint {
    /** The hook's own deadline, and the time to launch the plugin and answer. */
    private static final Duration TIMEOUT = Hooks.DEADLINE.plusSeconds(30);

    private final DaemonLink link;
    private final String agent;

    RemoteHooks(DaemonLink link, String agent) {
        this.link = link;
        this.agent = agent;
    }

    @Override
    public HookRun run(HookInput input, Optional<String> toolCallId) {
        ObjectNode p = JsonNodeFactory.instance
                .objectNode()
                .put("agent", agent)
                .put("hook", input.hook().wire());
        p.set("input", HookJson.input(input));
        toolCallId.ifPresent(id -> p.put("tool_call_id", id));
        return HookJson.readRun(input, link.request("hook/run", p, TIMEOUT));
    }

    @Override
    public EventDelivery event(String event, JsonNode data) {
        ObjectNode p = JsonNodeFactory.instance.objectNode().put("agent", agent).put("event", event);
        p.set("data", data);
        try {
            return HookJson.readEvent(link.request("hook/event", p, TIMEOUT));
        } catch (DaemonFailure f) { // the daemon's refusal of the event is the caller's mistake, as in-process
            throw new IllegalArgumentException(f.getMessage(), f);
        }
    }

    @Override
    public Hooks.HookListing list() {
        return HookJson.readList(
                link.request("hook/list", JsonNodeFactory.instance.objectNode().put("agent", agent), TIMEOUT));
    }
}
