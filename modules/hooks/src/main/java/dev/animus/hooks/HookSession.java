package dev.animus.hooks;

import dev.animus.core.Abstention;
import dev.animus.core.HookClaims;
import dev.animus.core.HookDecision;
import dev.animus.core.HookId;
import dev.animus.core.HookInput;
import dev.animus.core.HookOutcome;
import dev.animus.core.HookPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hooks of one agent's session (docs/lifecycle.md#hooks-and-events): which plugin answers each
 * hook and which observe each event, computed from the claims when the session opens and sealed —
 * a plugin enabled or disabled later changes nothing here; the owner opens a new session for that,
 * so concurrent agents never overwrite each other. Runs a hook through its {@link HookRunner} and
 * decides with core's {@link HookPolicy}; caches command-risk decisions by tool-call id (a batch
 * preflight asks once per call); queues lifecycle events for the observers.
 *
 * <p>Thread-safe. Owns the event senders: {@link #close} stops them.
 */
public final class HookSession implements AutoCloseable {
    /** The most tool-call decisions kept; the oldest go first. */
    static final int CACHE_ENTRIES = 4_096;
    /** The largest event data, as compact JSON. */
    public static final int MAX_EVENT_BYTES = 16 * 1024;

    private final String agent;
    private final Map<HookId, HookRegistration> registrations;
    private final Map<String, List<String>> observers;
    private final Handler.Resolver resolver;
    private final HookRunner runner;
    private final LongSupplier nanos;
    private final EventQueues events;
    private final Map<String, Cached> toolCalls = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
            return size() > CACHE_ENTRIES;
        }
    };

    private record Cached(String command, HookRun run) {}

    private HookSession(
            String agent,
            HookClaims.ForAgent claims,
            Handler.Resolver resolver,
            HookRunner runner,
            LongSupplier nanos,
            int eventCapacity) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.nanos = Objects.requireNonNull(nanos, "nanos");
        Map<HookId, HookRegistration> sealed = new EnumMap<>(HookId.class);
        for (HookId hook : HookId.values()) {
            List<String> claimants = claims.handlers().getOrDefault(hook, List.of());
            sealed.put(
                    hook,
                    new HookRegistration(
                            hook,
                            claimants.size() == 1 ? Optional.of(claimants.getFirst()) : Optional.empty(),
                            claimants));
        }
        this.registrations = Map.copyOf(sealed);
        this.observers = Map.copyOf(claims.observers());
        this.events = new EventQueues(resolver, eventCapacity);
    }

    /**
     * Seals the registrations of {@code agent} from {@code claims}.
     *
     * @param resolver finds a registered plugin's handler when a hook or an event needs it
     * @param nanos a monotonic clock in nanoseconds (elapsed times only)
     */
    public static HookSession seal(
            String agent,
            HookClaims.ForAgent claims,
            Handler.Resolver resolver,
            HookRunner runner,
            LongSupplier nanos) {
        return new HookSession(agent, claims, resolver, runner, nanos, EventQueues.CAPACITY);
    }

    /** {@link #seal} with event queues of {@code eventCapacity} (tests of the drop count). */
    static HookSession seal(
            String agent,
            HookClaims.ForAgent claims,
            Handler.Resolver resolver,
            HookRunner runner,
            LongSupplier nanos,
            int eventCapacity) {
        return new HookSession(agent, claims, resolver, runner, nanos, eventCapacity);
    }

    public String agent() {
        return agent;
    }

    /** Each hook's registration, in {@link HookId} order. */
    public List<HookRegistration> registrations() {
        return List.of(HookId.values()).stream().map(registrations::get).toList();
    }

    /** For each lifecycle event some plugin observes, those plugins by name. */
    public Map<String, List<String>> observers() {
        return observers;
    }

    /** Events dropped so far (queue full, or the observer could not be reached), per plugin. */
    public Map<String, Long> droppedEvents() {
        return events.dropped();
    }

    /** Events sent so far, per plugin. */
    public Map<String, Long> sentEvents() {
        return events.sent();
    }

    /** Asks the hook of {@code input}; never throws. */
    public HookRun run(HookInput input) {
        return run(input, Optional.empty());
    }

    /**
     * Asks the hook of {@code input}; never throws. A {@code classify.command-risk} run with a
     * {@code toolCallId} the session decided before for the same command returns that decision,
     * {@linkplain HookRun#cached() cached}, without a call.
     */
    public HookRun run(HookInput input, Optional<String> toolCallId) {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(toolCallId, "toolCallId");
        Optional<String> key = input instanceof HookInput.Command ? toolCallId : Optional.empty();
        if (key.isPresent()) {
            Cached hit;
            synchronized (toolCalls) {
                hit = toolCalls.get(key.get());
            }
            if (hit != null && hit.command().equals(((HookInput.Command) input).command())) {
                HookRun r = hit.run();
                return new HookRun(r.hook(), r.agent(), r.plugin(), r.outcome(), r.decision(), true, Duration.ZERO);
            }
        }
        HookRun run = ask(input);
        key.ifPresent(k -> {
            synchronized (toolCalls) {
                toolCalls.put(k, new Cached(((HookInput.Command) input).command(), run));
            }
        });
        return run;
    }

    private HookRun ask(HookInput input) {
        HookRegistration reg = registrations.get(input.hook());
        HookOutcome outcome;
        long t0 = nanos.getAsLong();
        if (reg.plugin().isPresent()) {
            outcome = runner.call(resolver.resolve(reg.plugin().get()), input);
        } else if (reg.claimants().isEmpty()) {
            outcome = abstain(
                    Abstention.Reason.NO_HANDLER,
                    "no plugin enabled for agent " + agent + " answers "
                            + input.hook().wire());
        } else {
            outcome = abstain(
                    Abstention.Reason.NOT_ALLOWED,
                    "plugins " + String.join(" and ", reg.claimants()) + " both claim "
                            + input.hook().wire() + " for agent " + agent + "; disable all but one");
        }
        Duration elapsed = Duration.ofNanos(nanos.getAsLong() - t0);
        HookDecision decision = HookPolicy.decide(input, outcome);
        return new HookRun(input.hook(), agent, reg.plugin(), outcome, decision, false, elapsed);
    }

    /**
     * Queues lifecycle {@code event} with {@code data} for the plugins that observe it, as
     * {@code hook/event {event, agent, data}}; fire-and-forget.
     *
     * @throws IllegalArgumentException when {@code event} is not in the vocabulary, or {@code data}
     *     is not an object or is larger than {@link #MAX_EVENT_BYTES}
     */
    public EventDelivery event(String event, JsonNode data) {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(data, "data");
        if (!HookId.events().contains(event)) {
            throw new IllegalArgumentException("'" + dev.animus.core.OneLine.of(event)
                    + "' is not a lifecycle event: use one of " + String.join(", ", HookId.events()));
        }
        if (!data.isObject()) {
            throw new IllegalArgumentException("the data of event " + event + " must be a JSON object");
        }
        int size = data.toString().length();
        if (size > MAX_EVENT_BYTES) {
            throw new IllegalArgumentException(
                    "the data of event " + event + " is " + size + " characters; at most " + MAX_EVENT_BYTES);
        }
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.put("event", event).put("agent", agent).set("data", data);
        return events.offer(event, new ArrayList<>(observers.getOrDefault(event, List.of())), params);
    }

    private static HookOutcome abstain(Abstention.Reason reason, String detail) {
        return new HookOutcome.Abstained(new Abstention(reason, detail));
    }

    @Override
    public void close() {
        events.close();
    }
}
