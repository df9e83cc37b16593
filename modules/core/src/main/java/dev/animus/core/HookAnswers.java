package dev.animus.core;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates a plugin's answer to a hook against the exact shape and the input it answers
 * (docs/lifecycle.md#hooks-and-events), and rebuilds it from the allowed fields only. Every problem
 * is an {@link Abstention} with its reason, never an exception: a field the hook does not define
 * ({@link Abstention.Reason#EXTRA_FIELDS}), a distribution that does not sum to 1 ± 1e-6
 * ({@link Abstention.Reason#NOT_NORMALISED}), an option missing, repeated or not offered. Pure.
 */
public final class HookAnswers {
    /** How far from 1 a distribution's sum may be. */
    public static final double TOLERANCE = 1e-6;

    private HookAnswers() {}

    /** The outcome of {@code answer}, the neutral tree a plugin sent for {@code input}. */
    public static HookOutcome read(HookInput input, Object answer) {
        try {
            return new HookOutcome.Answered(
                    switch (input) {
                        case HookInput.Skills s -> {
                            Map<String, Object> o =
                                    HookTree.object(answer, "answer", Set.of("distribution", "no_skill_probability"));
                            double none =
                                    HookTree.probability(o.get("no_skill_probability"), "answer.no_skill_probability");
                            Map<String, Double> p = distribution(o.get("distribution"), "skill", s.options(), none);
                            yield new HookAnswer.Skills(p, none);
                        }
                        case HookInput.Snapshot s -> {
                            Map<String, Object> o =
                                    HookTree.object(answer, "answer", Set.of("distribution", "no_element_probability"));
                            double none = HookTree.probability(
                                    o.get("no_element_probability"), "answer.no_element_probability");
                            Map<String, Double> p = distribution(o.get("distribution"), "ref", s.options(), none);
                            yield new HookAnswer.Snapshot(p, none);
                        }
                        case HookInput.Page p -> new HookAnswer.Page(flags(answer));
                        case HookInput.Command c -> {
                            Map<String, Object> o =
                                    HookTree.object(answer, "answer", Set.of("read_only", "low_risk", "high_risk"));
                            double r = HookTree.probability(o.get("read_only"), "answer.read_only");
                            double l = HookTree.probability(o.get("low_risk"), "answer.low_risk");
                            double h = HookTree.probability(o.get("high_risk"), "answer.high_risk");
                            normalised(r + l + h, "read_only + low_risk + high_risk");
                            yield new HookAnswer.CommandRisk(new CommandRiskPolicy.Advice(r, l, h));
                        }
                    });
        } catch (HookTree.Problem p) {
            return HookOutcome.abstain(p.reason(), p.getMessage());
        }
    }

    /** Each option exactly once, with {@code none}, summing to 1. */
    private static Map<String, Double> distribution(Object value, String key, List<String> options, double none) {
        String path = "answer.distribution";
        List<Object> items = HookTree.array(value, path, options.size() + 1);
        Set<String> offered = Set.copyOf(options);
        Map<String, Double> seen = new LinkedHashMap<>();
        double sum = none;
        for (int i = 0; i < items.size(); i++) {
            String at = path + "[" + i + "]";
            Map<String, Object> item = HookTree.object(items.get(i), at, Set.of(key, "probability"));
            String option = HookTree.string(item.get(key), at + "." + key, 0, Integer.MAX_VALUE);
            double p = HookTree.probability(item.get("probability"), at + ".probability");
            if (!offered.contains(option)) {
                throw new HookTree.Problem(
                        Abstention.Reason.UNKNOWN_OPTION,
                        at + "." + key,
                        ManifestRules.quote(OneLine.escape(HookTree.clip(option))) + " was not offered");
            }
            if (seen.put(option, p) != null) {
                throw new HookTree.Problem(
                        Abstention.Reason.REPEATED_OPTION,
                        at + "." + key,
                        ManifestRules.quote(OneLine.escape(option)) + " is in the distribution twice");
            }
            sum += p;
        }
        for (String option : options) {
            if (!seen.containsKey(option)) {
                throw new HookTree.Problem(
                        Abstention.Reason.MISSING_OPTION,
                        path,
                        ManifestRules.quote(OneLine.escape(option)) + " is missing");
            }
        }
        normalised(sum, "the distribution with the no-" + (key.equals("skill") ? "skill" : "element") + " mass");
        Map<String, Double> ordered = new LinkedHashMap<>();
        options.forEach(o -> ordered.put(o, seen.get(o)));
        return ordered;
    }

    private static Map<HookAnswer.PageFlag, Double> flags(Object answer) {
        Map<String, Object> o = HookTree.object(answer, "answer", Set.of("flags"));
        List<Object> items = HookTree.array(o.get("flags"), "answer.flags", HookAnswer.PageFlag.values().length);
        Map<HookAnswer.PageFlag, Double> seen = new EnumMap<>(HookAnswer.PageFlag.class);
        for (int i = 0; i < items.size(); i++) {
            String at = "answer.flags[" + i + "]";
            Map<String, Object> item = HookTree.object(items.get(i), at, Set.of("flag", "probability"));
            String name = HookTree.string(item.get("flag"), at + ".flag", 0, Integer.MAX_VALUE);
            double p = HookTree.probability(item.get("probability"), at + ".probability");
            HookAnswer.PageFlag flag = java.util.Arrays.stream(HookAnswer.PageFlag.values())
                    .filter(f -> f.wire().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new HookTree.Problem(
                            Abstention.Reason.UNKNOWN_OPTION,
                            at + ".flag",
                            ManifestRules.quote(OneLine.escape(HookTree.clip(name))) + " is not a page flag"));
            if (seen.put(flag, p) != null) {
                throw new HookTree.Problem(
                        Abstention.Reason.REPEATED_OPTION,
                        at + ".flag",
                        ManifestRules.quote(name) + " is in the flags twice");
            }
        }
        for (HookAnswer.PageFlag f : HookAnswer.PageFlag.values()) {
            if (!seen.containsKey(f)) {
                throw new HookTree.Problem(
                        Abstention.Reason.MISSING_OPTION,
                        "answer.flags",
                        ManifestRules.quote(f.wire()) + " is missing");
            }
        }
        return seen;
    }

    private static void normalised(double sum, String what) {
        if (Math.abs(sum - 1) > TOLERANCE) {
            throw new HookTree.Problem(
                    Abstention.Reason.NOT_NORMALISED, "answer", what + " sums to " + sum + ", not 1 (± 1e-6)");
        }
    }
}
