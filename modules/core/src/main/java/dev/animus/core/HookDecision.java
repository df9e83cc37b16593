package dev.animus.core;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What host policy made of a hook's outcome (docs/lifecycle.md#hooks-and-events, {@link HookPolicy}).
 * Every decision carries one line saying why.
 */
public sealed interface HookDecision {
    /** One line: why the host decided so. */
    String reason();

    /** {@code route.skills}: the skill hinted to the agent, if any. */
    record SkillHint(Optional<String> skill, String reason) implements HookDecision {
        public SkillHint {
            Objects.requireNonNull(skill, "skill");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * {@code classify.page}: the scrutiny the page gets. The host's own signals always count; a
     * plugin's flags only add to them.
     *
     * @param flags the flags the page is treated as carrying
     */
    record PageScrutiny(Set<HookAnswer.PageFlag> flags, String reason) implements HookDecision {
        public PageScrutiny {
            flags = Set.copyOf(flags);
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * {@code route.snapshot}: the elements listed first (at most 8, each at p ≥ 0.1, the likeliest
     * first), then the rest in the page's order.
     *
     * @param first the refs listed first
     * @param order every ref, {@code first} leading
     */
    record SnapshotOrder(List<String> first, List<String> order, String reason) implements HookDecision {
        public SnapshotOrder {
            first = List.copyOf(first);
            order = List.copyOf(order);
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** {@code classify.command-risk}: the level the host treats the command as. */
    record CommandRisk(CommandRiskPolicy.Decision decision) implements HookDecision {
        public CommandRisk {
            Objects.requireNonNull(decision, "decision");
        }

        @Override
        public String reason() {
            return decision.reason();
        }
    }
}
