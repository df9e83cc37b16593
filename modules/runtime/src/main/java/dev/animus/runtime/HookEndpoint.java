package dev.animus.runtime;

import dev.animus.core.HookInput;
import dev.animus.hooks.EventDelivery;
import dev.animus.hooks.HookRun;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The hook use cases as a front end calls them (docs/lifecycle.md#hooks-and-events): in this
 * process ({@link Hooks}) or in the project's daemon (its control socket's {@code hook/} group),
 * with the same outcomes either way.
 */
public interface HookEndpoint {
    /** Asks the hook of {@code input}; a plugin's failure is the outcome's abstention. */
    HookRun run(HookInput input, Optional<String> toolCallId);

    /**
     * Queues a lifecycle event for its observers.
     *
     * @throws IllegalArgumentException for an unknown event or data that is not a small JSON object
     */
    EventDelivery event(String event, JsonNode data);

    /** The agent's sealed registrations. */
    Hooks.HookListing list();
}
