package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * For any tree a plugin could send, reading it never throws, and what is answered holds the
 * invariants policy relies on: exactly the offered options, probabilities in [0, 1] summing to 1,
 * and the rebuilt answer reads back as itself. Trees are random mutations of valid answers (so many
 * are nearly valid) and random values. A failure names its seed.
 */
class HookAnswersPropertyTest {
    private static final List<HookInput> INPUTS =
            List.of(HookAnswersTest.SKILLS, HookAnswersTest.PAGE, HookAnswersTest.SNAPSHOT, HookAnswersTest.COMMAND);
    private static final List<String> KEYS = List.of(
            "skill",
            "ref",
            "flag",
            "probability",
            "distribution",
            "no_skill_probability",
            "no_element_probability",
            "flags",
            "read_only",
            "low_risk",
            "high_risk",
            "approve",
            "debug",
            "e1");

    @Test
    void anyTreeGivesAnOutcomeAndAnswersHoldTheInvariants() {
        long seed = 0x5eed_4007L;
        SplittableRandom random = new SplittableRandom(seed);
        int answered = 0;
        for (int i = 0; i < 20_000; i++) {
            HookInput input = INPUTS.get(random.nextInt(INPUTS.size()));
            Object tree = random.nextInt(4) == 0 ? value(random, 3) : mutate(random, valid(input, random));
            HookOutcome outcome;
            try {
                outcome = HookAnswers.read(input, tree);
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + " case " + i + ": " + tree + " threw", e);
            }
            if (outcome instanceof HookOutcome.Answered a) {
                answered++;
                check(input, a.answer(), "seed " + seed + " case " + i + ": " + tree);
            }
        }
        assertTrue(answered > 1_000, "too few valid answers generated: " + answered);
    }

    private static void check(HookInput input, HookAnswer answer, String at) {
        double sum = switch (answer) {
            case HookAnswer.Skills s -> {
                assertEquals(input.options(), List.copyOf(s.skills().keySet()), at);
                yield s.noSkill()
                        + s.skills().values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum();
            }
            case HookAnswer.Snapshot s -> {
                assertEquals(input.options(), List.copyOf(s.refs().keySet()), at);
                yield s.noElement()
                        + s.refs().values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum();
            }
            case HookAnswer.Page p -> {
                assertEquals(HookAnswer.PageFlag.values().length, p.flags().size(), at);
                yield 1;
            }
            case HookAnswer.CommandRisk c ->
                c.advice().readOnly() + c.advice().lowRisk() + c.advice().highRisk();
        };
        assertTrue(Math.abs(sum - 1) <= HookAnswers.TOLERANCE, at + " sums to " + sum);
        HookOutcome again = HookAnswers.read(input, answer.wire());
        assertEquals(new HookOutcome.Answered(answer), again, at);
        HookPolicy.decide(input, again);
    }

    private static Object valid(HookInput input, SplittableRandom r) {
        return switch (input) {
            case HookInput.Skills s -> {
                double[] p = split(r, 3);
                yield HookAnswersTest.skills(p[0], p[1], p[2]);
            }
            case HookInput.Page p ->
                HookAnswersTest.flags(r.nextDouble(), r.nextDouble(), r.nextDouble(), r.nextDouble());
            case HookInput.Snapshot s -> {
                double[] p = split(r, 4);
                yield HookAnswersTest.refs(p[0], p[1], p[2], p[3]);
            }
            case HookInput.Command c -> {
                double[] p = split(r, 3);
                yield HookAnswersTest.risk(p[0], p[1], p[2]);
            }
        };
    }

    /** {@code n} probabilities summing to 1 (up to rounding), sometimes a corner such as 1, 0, 0. */
    private static double[] split(SplittableRandom r, int n) {
        double[] p = new double[n];
        if (r.nextInt(5) == 0) {
            p[r.nextInt(n)] = 1;
            return p;
        }
        double total = 0;
        for (int i = 0; i < n; i++) {
            p[i] = r.nextDouble();
            total += p[i];
        }
        for (int i = 0; i < n; i++) {
            p[i] /= total;
        }
        return p;
    }

    /** Zero to two random edits anywhere in {@code tree}. */
    @SuppressWarnings("unchecked")
    private static Object mutate(SplittableRandom r, Object tree) {
        int edits = r.nextInt(3);
        for (int i = 0; i < edits; i++) {
            tree = edit(r, tree);
        }
        return tree;
    }

    @SuppressWarnings("unchecked")
    private static Object edit(SplittableRandom r, Object tree) {
        if (tree instanceof Map<?, ?> m && !m.isEmpty() && r.nextInt(3) > 0) {
            Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) m);
            List<String> keys = new ArrayList<>(copy.keySet());
            String key = keys.get(r.nextInt(keys.size()));
            switch (r.nextInt(4)) {
                case 0 -> copy.remove(key);
                case 1 -> copy.put(KEYS.get(r.nextInt(KEYS.size())), value(r, 1));
                default -> copy.put(key, edit(r, copy.get(key)));
            }
            return copy;
        }
        if (tree instanceof List<?> l && !l.isEmpty() && r.nextInt(3) > 0) {
            List<Object> copy = new ArrayList<>(l);
            int at = r.nextInt(copy.size());
            switch (r.nextInt(4)) {
                case 0 -> copy.remove(at);
                case 1 -> copy.add(copy.get(at));
                default -> copy.set(at, edit(r, copy.get(at)));
            }
            return copy;
        }
        return value(r, 1);
    }

    private static Object value(SplittableRandom r, int depth) {
        return switch (r.nextInt(depth > 0 ? 9 : 7)) {
            case 0 -> null;
            case 1 -> r.nextBoolean();
            case 2 -> r.nextDouble();
            case 3 -> r.nextInt(3) - 1;
            case 4 ->
                List.of(Double.NaN, Double.POSITIVE_INFINITY, 1e-300, -0.0, 1.0000001)
                        .get(r.nextInt(5));
            case 5 -> KEYS.get(r.nextInt(KEYS.size()));
            case 6 -> new java.math.BigDecimal("0." + "3".repeat(r.nextInt(1, 40)));
            case 7 -> java.util.Arrays.asList(value(r, depth - 1), value(r, depth - 1));
            default -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put(KEYS.get(r.nextInt(KEYS.size())), value(r, depth - 1));
                yield m;
            }
        };
    }
}
