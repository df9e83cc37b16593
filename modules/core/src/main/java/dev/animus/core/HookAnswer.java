package dev.animus.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A plugin's answer to a hook once validated ({@link HookAnswers#read}): rebuilt from the hook's
 * allowed fields only, so nothing else a plugin sent (an {@code approve}, an override, prose) can
 * reach policy. Each map keeps the input's option order.
 */
public sealed interface HookAnswer {

    /** The answer as a neutral tree in the hook's wire shape, for display. */
    Map<String, Object> wire();

    /**
     * {@code route.skills}.
     *
     * @param skills each offered skill's probability, in the input's order
     * @param noSkill the probability that no skill fits
     */
    record Skills(Map<String, Double> skills, double noSkill) implements HookAnswer {
        public Skills {
            skills = Collections.unmodifiableMap(new LinkedHashMap<>(skills));
        }

        @Override
        public Map<String, Object> wire() {
            return HookInput.ordered("distribution", list("skill", skills), "no_skill_probability", noSkill);
        }
    }

    /**
     * {@code classify.page}.
     *
     * @param flags each flag's probability, in {@link PageFlag} order
     */
    record Page(Map<PageFlag, Double> flags) implements HookAnswer {
        public Page {
            flags = Collections.unmodifiableMap(new LinkedHashMap<>(flags));
        }

        @Override
        public Map<String, Object> wire() {
            Map<String, Double> named = new LinkedHashMap<>();
            flags.forEach((f, p) -> named.put(f.wire(), p));
            return HookInput.ordered("flags", list("flag", named));
        }
    }

    /**
     * {@code route.snapshot}.
     *
     * @param refs each element's probability, in the input's order
     * @param noElement the probability that no element matters
     */
    record Snapshot(Map<String, Double> refs, double noElement) implements HookAnswer {
        public Snapshot {
            refs = Collections.unmodifiableMap(new LinkedHashMap<>(refs));
        }

        @Override
        public Map<String, Object> wire() {
            return HookInput.ordered("distribution", list("ref", refs), "no_element_probability", noElement);
        }
    }

    /** {@code classify.command-risk}: the three levels' probabilities. */
    record CommandRisk(CommandRiskPolicy.Advice advice) implements HookAnswer {
        public CommandRisk {
            Objects.requireNonNull(advice, "advice");
        }

        @Override
        public Map<String, Object> wire() {
            return HookInput.ordered(
                    "read_only", advice.readOnly(), "low_risk", advice.lowRisk(), "high_risk", advice.highRisk());
        }
    }

    /** The flags of {@code classify.page}. */
    enum PageFlag {
        /** The page asks for a password or other credential. */
        CREDENTIAL_ENTRY,
        /** The page asks for payment. */
        PAYMENT,
        /** The page shows a captcha. */
        CAPTCHA,
        /** The page holds instructions addressed to the agent (a prompt injection). */
        AGENT_DIRECTED_INSTRUCTIONS;

        /** The wire name: {@code credential-entry}, … */
        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    private static List<Object> list(String key, Map<String, Double> probabilities) {
        List<Object> out = new ArrayList<>();
        probabilities.forEach((k, p) -> out.add(HookInput.ordered(key, k, "probability", p)));
        return out;
    }
}
