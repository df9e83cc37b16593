package dev.animus.runtime;

import dev.animus.core.Abstention;
import dev.animus.core.HookClaims;
import dev.animus.core.HookInput;
import dev.animus.hooks.EventDelivery;
import dev.animus.hooks.Handler;
import dev.animus.hooks.HookRegistration;
import dev.animus.hooks.HookRun;
import dev.animus.hooks.HookRunner;
import dev.animus.hooks.HookSession;
import dev.animus.host.ProjectBinding;
import dev.animus.host.Supervisor;
import dev.animus.install.LaunchRefused;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * The hook use cases of one agent (docs/lifecycle.md#hooks-and-events): ask a hook, send a
 * lifecycle event, list the sealed registrations. The agent's {@link HookSession} is sealed from
 * the state at the first use and sealed again only when the files that decide what may run
 * changed; it is its {@link Plugins}' (one per agent per host), shared by every {@code Hooks} over
 * them. A registered plugin is checked (trust, consent, enablement, secrets) and registered with
 * the host when a hook first needs it; any refusal is the hook's abstention, never an exception.
 *
 * <p>Thread-safe. It owns nothing to close: the sessions and processes are its {@link Plugins}'.
 */
public final class Hooks implements HookEndpoint {
    /** The deadline of each hook call. */
    public static final java.time.Duration DEADLINE = HookRunner.DEFAULT_DEADLINE;

    private final Animus animus;
    private final Plugins plugins;
    private final String agent;
    private final Optional<ProjectBinding> binding;
    private final HookRunner runner;

    Hooks(Animus animus, Plugins plugins, String agent, Optional<ProjectBinding> binding) {
        this.animus = animus;
        this.plugins = plugins;
        this.agent = Objects.requireNonNull(agent, "agent");
        this.binding = Objects.requireNonNull(binding, "binding")
                .or(() -> plugins.options().projectBinding());
        this.runner = new HookRunner(DEADLINE);
    }

    /** The agent these hooks are asked for. */
    public String agent() {
        return agent;
    }

    /**
     * Asks the hook of {@code input} and decides with host policy; a plugin's failure is the
     * outcome's abstention. {@code toolCallId}: a command-risk decision is cached under it.
     */
    @Override
    public HookRun run(HookInput input, Optional<String> toolCallId) {
        return session().run(input, toolCallId);
    }

    /**
     * Queues lifecycle {@code event} for the plugins that observe it (fire-and-forget).
     *
     * @throws IllegalArgumentException for an event outside the vocabulary or data that is not a
     *     JSON object of at most {@link HookSession#MAX_EVENT_BYTES}
     */
    @Override
    public EventDelivery event(String event, JsonNode data) {
        return session().event(event, data);
    }

    /**
     * The sealed registrations of the agent, its events' observers, and the events sent and dropped
     * per plugin so far.
     */
    @Override
    public HookListing list() {
        HookSession s = session();
        return new HookListing(agent, s.registrations(), s.observers(), s.sentEvents(), s.droppedEvents());
    }

    /**
     * What {@link #list} shows.
     *
     * @param observers for each lifecycle event observed, its plugins
     */
    public record HookListing(
            String agent,
            List<HookRegistration> registrations,
            Map<String, List<String>> observers,
            Map<String, Long> sentEvents,
            Map<String, Long> droppedEvents) {
        public HookListing {
            registrations = List.copyOf(registrations);
            observers = Map.copyOf(observers);
            sentEvents = Map.copyOf(sentEvents);
            droppedEvents = Map.copyOf(droppedEvents);
        }
    }

    private HookSession session() {
        GrantsStamp stamp = animus.grantsStamp();
        return plugins.hookSessions().of(agent, stamp, () -> {
            Map<String, Handler> handlers = new ConcurrentHashMap<>();
            return HookSession.seal(
                    agent,
                    HookClaims.forAgent(animus.state(), agent),
                    name -> handlers.computeIfAbsent(name, this::handler),
                    runner,
                    System::nanoTime);
        });
    }

    /** {@code name} checked and registered, or why it cannot answer (kept for this seal). */
    private Handler handler(String name) {
        try {
            Supervisor supervisor = animus.register(animus.permit(name, agent), plugins.host(), binding);
            return new Handler.Ready(supervisor);
        } catch (LaunchRefused e) {
            return new Handler.Refused(new Abstention(Abstention.Reason.NOT_ALLOWED, e.getMessage()));
        } catch (RequirementMissing e) {
            return new Handler.Refused(new Abstention(Abstention.Reason.MISSING_SECRET, e.getMessage()));
        } catch (RuntimeException e) {
            return new Handler.Refused(new Abstention(
                    Abstention.Reason.PLUGIN_ERROR, "plugin " + name + " could not be prepared: " + e.getMessage()));
        }
    }
}
