package dev.animus.hooks;

import dev.animus.core.HookId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which plugin answers {@code hook} for an agent, as sealed when its session opened.
 *
 * @param plugin the handler; empty when no plugin claims the hook, or when more than one does
 *     (a state written before the one-handler rule: the hook then abstains until one is disabled)
 * @param claimants every plugin that claims it, by name
 */
public record HookRegistration(HookId hook, Optional<String> plugin, List<String> claimants) {
    public HookRegistration {
        Objects.requireNonNull(hook, "hook");
        Objects.requireNonNull(plugin, "plugin");
        claimants = List.copyOf(claimants);
    }
}
