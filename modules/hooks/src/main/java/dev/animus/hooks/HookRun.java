package dev.animus.hooks;

import dev.animus.core.HookDecision;
import dev.animus.core.HookId;
import dev.animus.core.HookOutcome;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One hook asked for one agent: who answered, what came back (an answer or an abstention and why)
 * and what host policy decided.
 *
 * @param plugin the registered handler, empty when none answers the hook for the agent
 * @param cached whether the decision came from the tool-call cache (no call was made)
 * @param elapsed how long the call took (zero when cached or when no plugin was asked)
 */
public record HookRun(
        HookId hook,
        String agent,
        Optional<String> plugin,
        HookOutcome outcome,
        HookDecision decision,
        boolean cached,
        Duration elapsed) {
    public HookRun {
        Objects.requireNonNull(hook, "hook");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(elapsed, "elapsed");
    }
}
