package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import dev.animus.core.AgentScope;
import dev.animus.core.HookId;
import dev.animus.core.HookInput;
import dev.animus.rpc.Handlers;
import dev.animus.rpc.IncomingRequest;
import dev.animus.runtime.Animus;
import dev.animus.runtime.HookJson;
import dev.animus.runtime.Hooks;
import dev.animus.runtime.Plugins;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The {@code hook/} group of the control protocol (docs/daemon.md#hooks), so an external agent asks
 * the daemon: {@code hook/run {hook, input, agent?, tool_call_id?}} → a run
 * ({@link HookJson#RUN}); {@code hook/event {event, data?, agent?}} → its delivery;
 * {@code hook/list {agent?}} → the agent's sealed registrations. The agent defaults to
 * {@code default}; each agent's sessions are the daemon's plugins' (shared by every client).
 */
final class HookMethods {
    private final Animus animus;
    private final Plugins plugins;
    private final Map<String, Hooks> byAgent = new ConcurrentHashMap<>();

    HookMethods(Animus animus, Plugins plugins) {
        this.animus = animus;
        this.plugins = plugins;
    }

    void addTo(Handlers.Builder table) {
        table.on(
                "hook/run",
                r -> answer(r, h -> {
                    HookId hook = HookId.parse(Params.text(r.params(), "hook"));
                    HookInput input = HookJson.input(hook, r.params().path("input"));
                    return HookJson.run(h.run(input, Params.optionalText(r.params(), "tool_call_id")));
                }));
        table.on(
                "hook/event",
                r -> answer(r, h -> {
                    JsonNode data =
                            r.params().has("data") ? r.params().get("data") : JsonNodeFactory.instance.objectNode();
                    return HookJson.event(h.event(Params.text(r.params(), "event"), data));
                }));
        table.on("hook/list", r -> answer(r, h -> HookJson.list(h.list())));
    }

    private void answer(IncomingRequest r, Function<Hooks, JsonNode> verb) {
        PluginMethods.answer(r, () -> {
            String agent = Params.optionalText(r.params(), "agent").orElse("default");
            try {
                new AgentScope.One(agent); // a name of the rule, or refused naming it
                Hooks hooks = byAgent.computeIfAbsent(agent, a -> animus.hooks(plugins, a, Optional.empty()));
                return verb.apply(hooks);
            } catch (IllegalArgumentException e) { // an unknown hook or event, an input out of shape
                throw new ControlError(ErrorCategory.INVALID_REQUEST, e.getMessage());
            }
        });
    }
}
