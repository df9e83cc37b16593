package dev.animus.core;

import java.util.Objects;
import java.util.Optional;

/**
 * The host's policy for {@code classify.command-risk} (docs/lifecycle.md#hooks-and-events): a
 * plugin's level wins only at ≥ 0.9 and strictly highest, else the command is high-risk; an
 * abstention falls back to the built-in classifier ({@link BuiltinCommandRisk}), and what that does
 * not know is high-risk. Advice never becomes authority: a command that matched one of the host's
 * own high-risk patterns stays high-risk whatever a plugin answers (a plugin may raise a risk, or
 * settle one the host does not know, never lower what the host knows to be dangerous). Pure.
 */
public final class CommandRiskPolicy {
    /** The probability a level needs to win. */
    public static final double WINNING = 0.9;

    private CommandRiskPolicy() {}

    /**
     * A plugin's answer, already validated as probabilities (each in [0, 1], summing to 1).
     *
     * @param readOnly the probability of {@link RiskLevel#READ_ONLY}
     * @param lowRisk the probability of {@link RiskLevel#LOW_RISK}
     * @param highRisk the probability of {@link RiskLevel#HIGH_RISK}
     */
    public record Advice(double readOnly, double lowRisk, double highRisk) {}

    /** Who decided. */
    public enum DecidedBy {
        /** The plugin's advice won. */
        PLUGIN,
        /** The plugin's advice was not decisive (below 0.9 or tied): high-risk. */
        UNRESOLVED,
        /** The plugin abstained (or none answers the hook): the built-in classifier. */
        BUILTIN,
        /** The host's own high-risk pattern overrode the plugin's lower advice. */
        HOST_PATTERN
    }

    /**
     * The decision.
     *
     * @param level what the host treats the command as
     * @param by who decided
     * @param reason one line saying why
     */
    public record Decision(RiskLevel level, DecidedBy by, String reason) {
        public Decision {
            Objects.requireNonNull(level, "level");
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The decision for {@code command} given a plugin's {@code advice} (empty: it abstained). */
    public static Decision decide(String command, Optional<Advice> advice) {
        CommandRisk builtin = BuiltinCommandRisk.classify(command);
        if (advice.isEmpty()) {
            return new Decision(builtin.level(), DecidedBy.BUILTIN, builtin.reason());
        }
        Optional<RiskLevel> won = winner(advice.get());
        if (won.isEmpty()) {
            return new Decision(
                    RiskLevel.HIGH_RISK,
                    DecidedBy.UNRESOLVED,
                    "no level reached " + WINNING + " strictly above the others");
        }
        if (builtin.highRiskPattern() && won.get() != RiskLevel.HIGH_RISK) {
            return new Decision(RiskLevel.HIGH_RISK, DecidedBy.HOST_PATTERN, builtin.reason());
        }
        return new Decision(
                won.get(), DecidedBy.PLUGIN, "the plugin says " + won.get().wire());
    }

    /** The level of {@code a} at ≥ 0.9 and strictly highest, if one is. */
    static Optional<RiskLevel> winner(Advice a) {
        double[] p = {a.readOnly(), a.lowRisk(), a.highRisk()};
        RiskLevel[] levels = RiskLevel.values();
        for (int i = 0; i < 3; i++) {
            boolean strictlyHighest = p[i] > p[(i + 1) % 3] && p[i] > p[(i + 2) % 3];
            if (p[i] >= WINNING && strictlyHighest) {
                return Optional.of(levels[i]);
            }
        }
        return Optional.empty();
    }
}
