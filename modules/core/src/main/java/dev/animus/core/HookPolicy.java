package dev.animus.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The host's policy over a hook's outcome (docs/lifecycle.md#hooks-and-events). Advice never
 * becomes authority: a skill is only hinted, a page flag only adds scrutiny, an element is only
 * listed earlier, and a command's risk follows {@link CommandRiskPolicy}. An abstention leaves the
 * host's own default: no hint, the page's own signals, the page's order, the built-in classifier.
 * Pure.
 */
public final class HookPolicy {
    /** A page flag at this probability or more adds scrutiny. */
    public static final double FLAGGED = 0.5;
    /** An element at this probability or more is listed first. */
    public static final double LISTED = 0.1;
    /** The most elements listed first. */
    public static final int LISTED_MAX = 8;

    private HookPolicy() {}

    /** The decision for {@code input} given {@code outcome} (the outcome of a call with that input). */
    public static HookDecision decide(HookInput input, HookOutcome outcome) {
        Optional<HookAnswer> answer =
                outcome instanceof HookOutcome.Answered a ? Optional.of(a.answer()) : Optional.empty();
        return switch (input) {
            case HookInput.Skills s -> skills(answer.map(HookAnswer.Skills.class::cast));
            case HookInput.Page p -> page(p, answer.map(HookAnswer.Page.class::cast));
            case HookInput.Snapshot s -> snapshot(s, answer.map(HookAnswer.Snapshot.class::cast));
            case HookInput.Command c ->
                new HookDecision.CommandRisk(
                        CommandRiskPolicy.decide(c.command(), answer.map(a -> ((HookAnswer.CommandRisk) a).advice())));
        };
    }

    private static HookDecision skills(Optional<HookAnswer.Skills> answer) {
        if (answer.isEmpty()) {
            return new HookDecision.SkillHint(Optional.empty(), "the plugin abstained");
        }
        Map<String, Double> p = answer.get().skills();
        Optional<String> top = strictTop(p);
        if (top.isEmpty()) {
            return new HookDecision.SkillHint(Optional.empty(), "no skill is strictly likelier than every other");
        }
        double mass = p.get(top.get());
        if (mass <= answer.get().noSkill()) {
            return new HookDecision.SkillHint(
                    Optional.empty(),
                    "the top skill (" + mass + ") is not above the no-skill mass ("
                            + answer.get().noSkill() + ")");
        }
        return new HookDecision.SkillHint(
                top,
                "hinted: " + top.get() + " at " + mass + ", above the no-skill mass "
                        + answer.get().noSkill());
    }

    private static HookDecision page(HookInput.Page input, Optional<HookAnswer.Page> answer) {
        Set<HookAnswer.PageFlag> flags = EnumSet.noneOf(HookAnswer.PageFlag.class);
        if (input.passwordField()) {
            flags.add(HookAnswer.PageFlag.CREDENTIAL_ENTRY);
        }
        if (input.paymentField()) {
            flags.add(HookAnswer.PageFlag.PAYMENT);
        }
        int own = flags.size();
        answer.ifPresent(a -> a.flags().forEach((f, p) -> {
            if (p >= FLAGGED) {
                flags.add(f);
            }
        }));
        String reason = answer.isEmpty()
                ? "the plugin abstained: the page's own signals only"
                : flags.size() > own
                        ? "the plugin's flags at ≥ " + FLAGGED + " add scrutiny"
                        : "the plugin adds no flag";
        return new HookDecision.PageScrutiny(flags, reason);
    }

    private static HookDecision snapshot(HookInput.Snapshot input, Optional<HookAnswer.Snapshot> answer) {
        List<String> page = input.options();
        if (answer.isEmpty()) {
            return new HookDecision.SnapshotOrder(List.of(), page, "the plugin abstained");
        }
        Map<String, Double> p = answer.get().refs();
        List<String> first = page.stream()
                .filter(r -> p.get(r) >= LISTED)
                .sorted(Comparator.comparingDouble((String r) -> p.get(r)).reversed())
                .limit(LISTED_MAX)
                .toList();
        List<String> order = new ArrayList<>(first);
        page.stream().filter(r -> !first.contains(r)).forEach(order::add);
        return new HookDecision.SnapshotOrder(
                first,
                order,
                first.size() + " element" + (first.size() == 1 ? "" : "s") + " at p ≥ " + LISTED + " listed first");
    }

    private static Optional<String> strictTop(Map<String, Double> p) {
        String best = null;
        double bestP = -1;
        boolean tied = false;
        for (Map.Entry<String, Double> e : p.entrySet()) {
            if (e.getValue() > bestP) {
                best = e.getKey();
                bestP = e.getValue();
                tied = false;
            } else if (e.getValue() == bestP) {
                tied = true;
            }
        }
        return best == null || tied ? Optional.empty() : Optional.of(best);
    }
}
