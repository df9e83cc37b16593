package dev.animus.core;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Which plugin answers which hook for which agent (docs/lifecycle.md#hooks-and-events): a plugin
 * claims the hooks its consented manifest declares, for the agents it is enabled for. At most one
 * handler per hook per agent, checked when a plugin is enabled ({@link Installation#enable}). Pure.
 */
public final class HookClaims {
    private HookClaims() {}

    /**
     * What answers hooks for {@code agent} and observes its events.
     *
     * @param handlers for each hook, the plugins that claim it, by name (more than one only in a
     *     state written before the rule, or by hand)
     * @param observers for each lifecycle event, the plugins that observe it, by name
     */
    public record ForAgent(Map<HookId, List<String>> handlers, Map<String, List<String>> observers) {
        public ForAgent {
            handlers = Map.copyOf(handlers);
            observers = Map.copyOf(observers);
        }
    }

    /** The claims of the plugins of {@code s} that may run for {@code agent}. */
    public static ForAgent forAgent(InstallState s, String agent) {
        Objects.requireNonNull(agent, "agent");
        Map<HookId, List<String>> handlers = new EnumMap<>(HookId.class);
        Map<String, List<String>> observers = new TreeMap<>();
        for (String name : new TreeMap<>(s.plugins()).keySet()) {
            if (Installation.stage(s, name, agent) != InstallStage.ENABLED) {
                continue;
            }
            Manifest m = Installation.currentManifest(s, name);
            HookId.declaredBy(m)
                    .forEach(h ->
                            handlers.computeIfAbsent(h, k -> new ArrayList<>()).add(name));
            m.events()
                    .forEach(e ->
                            observers.computeIfAbsent(e, k -> new ArrayList<>()).add(name));
        }
        return new ForAgent(handlers, observers);
    }

    /**
     * Refuses enabling {@code name} (whose manifest is {@code manifest}) for {@code scope} when
     * another plugin that may run for an agent of the scope already claims one of its hooks.
     *
     * @throws InstallationRefused {@code HOOK_CONFLICT} naming both plugins and the hook
     */
    static void refuseConflict(InstallState s, String name, Manifest manifest, AgentScope scope) {
        List<HookId> mine = HookId.declaredBy(manifest);
        if (mine.isEmpty()) {
            return;
        }
        for (String other : new TreeMap<>(s.plugins()).keySet()) {
            if (other.equals(name)) {
                continue;
            }
            if (!consented(s, other)) {
                continue;
            }
            PluginState q = s.plugin(other).orElseThrow();
            Manifest theirs = Installation.currentManifest(s, other);
            for (HookId hook : mine) {
                if (!HookId.declaredBy(theirs).contains(hook)) {
                    continue;
                }
                switch (scope) {
                    case AgentScope.One one -> {
                        if (q.enabledAllAgents()) {
                            throw InstallationRefused.hookConflict(
                                    name, other, hook.wire(), "all agents", new AgentScope.All());
                        }
                        if (q.enabledAgents().contains(one.agent())) {
                            throw InstallationRefused.hookConflict(
                                    name, other, hook.wire(), "agent " + one.agent(), one);
                        }
                    }
                    case AgentScope.All all -> {
                        if (q.enabledAllAgents() || !q.enabledAgents().isEmpty()) {
                            String agents = q.enabledAllAgents()
                                    ? "all agents"
                                    : "agent " + String.join(", ", q.enabledAgents());
                            throw InstallationRefused.hookConflict(name, other, hook.wire(), agents, all);
                        }
                    }
                }
            }
        }
    }

    /** Whether {@code name}'s current code is trusted and its disclosure consented (it may run where enabled). */
    private static boolean consented(InstallState s, String name) {
        // the agent only tells CONSENTED from ENABLED, and both count here: "-" names none
        InstallStage stage = Installation.stage(s, name, "-");
        return stage == InstallStage.CONSENTED || stage == InstallStage.ENABLED;
    }
}
