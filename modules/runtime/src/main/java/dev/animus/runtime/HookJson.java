package dev.animus.runtime;

import dev.animus.core.Abstention;
import dev.animus.core.CommandRiskPolicy;
import dev.animus.core.HookAnswer;
import dev.animus.core.HookAnswers;
import dev.animus.core.HookDecision;
import dev.animus.core.HookId;
import dev.animus.core.HookInput;
import dev.animus.core.HookOutcome;
import dev.animus.core.RiskLevel;
import dev.animus.hooks.EventDelivery;
import dev.animus.hooks.HookRegistration;
import dev.animus.hooks.HookRun;
import dev.animus.hooks.NeutralJson;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON form of a hook run, a listing and an event's delivery (docs/cli.md#hooks): what
 * {@code hook run --json} prints and the daemon's {@code hook/} methods answer, and its reading
 * back by a client of the daemon. Every object has {@code schema}.
 */
public final class HookJson {
    /** The schema of a run. */
    public static final String RUN = "animus.hook.run.v1";
    /** The schema of a listing. */
    public static final String LIST = "animus.hook.list.v1";
    /** The schema of an event's delivery. */
    public static final String EVENT = "animus.hook.event.v1";

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private HookJson() {}

    /**
     * The input of {@code hook} read from {@code json}: exactly the hook's fields, within limits.
     *
     * @throws IllegalArgumentException one line naming the field and what is wrong with it
     */
    public static HookInput input(HookId hook, JsonNode json) {
        return HookInput.parse(hook, NeutralJson.toNeutral(json));
    }

    /** {@code input} as the JSON params of its hook. */
    public static JsonNode input(HookInput input) {
        return NeutralJson.toJson(input.wire());
    }

    /** A run: hook, agent, plugin (or null), outcome, decision, cached, elapsed_ms. */
    public static ObjectNode run(HookRun r) {
        ObjectNode o =
                F.objectNode().put("schema", RUN).put("hook", r.hook().wire()).put("agent", r.agent());
        o.put("plugin", r.plugin().orElse(null));
        ObjectNode outcome = o.putObject("outcome");
        switch (r.outcome()) {
            case HookOutcome.Answered a ->
                outcome.put("type", "answer")
                        .set("answer", NeutralJson.toJson(a.answer().wire()));
            case HookOutcome.Abstained a ->
                outcome.put("type", "abstention")
                        .put("reason", a.abstention().reason().wire())
                        .put("detail", a.abstention().detail());
        }
        o.set("decision", decision(r.decision()));
        o.put("cached", r.cached());
        o.put("elapsed_ms", r.elapsed().toNanos() / 1e6);
        return o;
    }

    private static ObjectNode decision(HookDecision d) {
        ObjectNode o = F.objectNode();
        switch (d) {
            case HookDecision.SkillHint s -> o.put("skill", s.skill().orElse(null));
            case HookDecision.PageScrutiny p -> {
                ArrayNode flags = o.putArray("flags");
                for (HookAnswer.PageFlag f : HookAnswer.PageFlag.values()) {
                    if (p.flags().contains(f)) {
                        flags.add(f.wire());
                    }
                }
            }
            case HookDecision.SnapshotOrder s -> {
                ArrayNode first = o.putArray("first");
                s.first().forEach(first::add);
                ArrayNode order = o.putArray("order");
                s.order().forEach(order::add);
            }
            case HookDecision.CommandRisk c ->
                o.put("level", c.decision().level().wire())
                        .put("by", c.decision().by().name().toLowerCase(Locale.ROOT));
        }
        return o.put("reason", d.reason());
    }

    /**
     * The run {@link #run(HookRun)} wrote for {@code input}: the answer validated again against the
     * input, as the host that wrote it did.
     *
     * @throws IllegalArgumentException when {@code o} is not such a run
     */
    public static HookRun readRun(HookInput input, JsonNode o) {
        if (!RUN.equals(o.path("schema").asString(""))) {
            throw new IllegalArgumentException("not a hook run (schema " + RUN + "): " + o);
        }
        HookId hook = HookId.parse(o.path("hook").asString(""));
        JsonNode out = o.path("outcome");
        HookOutcome outcome = out.path("type").asString("").equals("answer")
                ? HookAnswers.read(input, NeutralJson.toNeutral(out.path("answer")))
                : new HookOutcome.Abstained(new Abstention(
                        reason(out.path("reason").asString("")),
                        out.path("detail").asString("")));
        JsonNode d = o.path("decision");
        String why = d.path("reason").asString("");
        HookDecision decision = switch (hook) {
            case ROUTE_SKILLS -> new HookDecision.SkillHint(text(d.path("skill")), why);
            case CLASSIFY_PAGE -> {
                Set<HookAnswer.PageFlag> flags = EnumSet.noneOf(HookAnswer.PageFlag.class);
                d.path("flags").forEach(f -> {
                    for (HookAnswer.PageFlag p : HookAnswer.PageFlag.values()) {
                        if (p.wire().equals(f.asString(""))) {
                            flags.add(p);
                        }
                    }
                });
                yield new HookDecision.PageScrutiny(flags, why);
            }
            case ROUTE_SNAPSHOT ->
                new HookDecision.SnapshotOrder(strings(d.path("first")), strings(d.path("order")), why);
            case COMMAND_RISK ->
                new HookDecision.CommandRisk(new CommandRiskPolicy.Decision(
                        RiskLevel.valueOf(d.path("level").asString("high_risk").toUpperCase(Locale.ROOT)),
                        CommandRiskPolicy.DecidedBy.valueOf(
                                d.path("by").asString("builtin").toUpperCase(Locale.ROOT)),
                        why));
        };
        return new HookRun(
                hook,
                o.path("agent").asString(""),
                text(o.path("plugin")),
                outcome,
                decision,
                o.path("cached").asBoolean(false),
                Duration.ofNanos((long) (o.path("elapsed_ms").asDouble(0) * 1e6)));
    }

    /** A listing: agent, hooks [{hook, plugin, claimants}], events {event: [plugins]}, sent, dropped. */
    public static ObjectNode list(Hooks.HookListing l) {
        ObjectNode o = F.objectNode().put("schema", LIST).put("agent", l.agent());
        ArrayNode hooks = o.putArray("hooks");
        for (HookRegistration r : l.registrations()) {
            ObjectNode h = hooks.addObject()
                    .put("hook", r.hook().wire())
                    .put("plugin", r.plugin().orElse(null));
            ArrayNode c = h.putArray("claimants");
            r.claimants().forEach(c::add);
        }
        ObjectNode events = o.putObject("events");
        for (String e : HookId.events()) {
            if (l.observers().containsKey(e)) {
                ArrayNode a = events.putArray(e);
                l.observers().get(e).forEach(a::add);
            }
        }
        ObjectNode sent = o.putObject("sent_events");
        l.sentEvents().forEach(sent::put);
        ObjectNode dropped = o.putObject("dropped_events");
        l.droppedEvents().forEach(dropped::put);
        return o;
    }

    /** The listing {@link #list(Hooks.HookListing)} wrote. */
    public static Hooks.HookListing readList(JsonNode o) {
        List<HookRegistration> regs = new ArrayList<>();
        o.path("hooks")
                .forEach(h -> regs.add(new HookRegistration(
                        HookId.parse(h.path("hook").asString("")),
                        text(h.path("plugin")),
                        strings(h.path("claimants")))));
        Map<String, List<String>> observers = new LinkedHashMap<>();
        o.path("events").properties().forEach(e -> observers.put(e.getKey(), strings(e.getValue())));
        return new Hooks.HookListing(
                o.path("agent").asString(""),
                regs,
                observers,
                counts(o.path("sent_events")),
                counts(o.path("dropped_events")));
    }

    /** An event's delivery: event, queued, dropped. */
    public static ObjectNode event(EventDelivery d) {
        ObjectNode o = F.objectNode().put("schema", EVENT).put("event", d.event());
        ArrayNode q = o.putArray("queued");
        d.queued().forEach(q::add);
        ArrayNode x = o.putArray("dropped");
        d.dropped().forEach(x::add);
        return o;
    }

    /** The delivery {@link #event(EventDelivery)} wrote. */
    public static EventDelivery readEvent(JsonNode o) {
        return new EventDelivery(o.path("event").asString(""), strings(o.path("queued")), strings(o.path("dropped")));
    }

    private static Abstention.Reason reason(String wire) {
        for (Abstention.Reason r : Abstention.Reason.values()) {
            if (r.wire().equals(wire)) {
                return r;
            }
        }
        return Abstention.Reason.PLUGIN_ERROR;
    }

    private static Optional<String> text(JsonNode n) {
        return n.isString() ? Optional.of(n.asString()) : Optional.empty();
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.forEach(v -> out.add(v.asString("")));
        return out;
    }

    private static Map<String, Long> counts(JsonNode n) {
        Map<String, Long> out = new LinkedHashMap<>();
        n.properties().forEach(e -> out.put(e.getKey(), e.getValue().asLong(0)));
        return out;
    }
}
