package dev.animus.core;

import java.util.Objects;

/**
 * What the host's built-in classifier says of one command.
 *
 * @param level the risk
 * @param pattern whether a known pattern decided it (a read-only or low-risk command, or a
 *     high-risk pattern such as {@code rm -rf}); false when the command is not known and is
 *     high-risk only for that reason
 * @param reason one line naming what decided, e.g. {@code "rm deletes files"}
 */
public record CommandRisk(RiskLevel level, boolean pattern, String reason) {
    public CommandRisk {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(reason, "reason");
        if (!pattern && level != RiskLevel.HIGH_RISK) {
            throw new IllegalArgumentException("only a known pattern may lower the risk below high_risk");
        }
    }

    static CommandRisk known(RiskLevel level, String reason) {
        return new CommandRisk(level, true, reason);
    }

    static CommandRisk unknown(String reason) {
        return new CommandRisk(RiskLevel.HIGH_RISK, false, reason);
    }

    /** Whether a high-risk pattern matched: no advice may lower such a command. */
    public boolean highRiskPattern() {
        return pattern && level == RiskLevel.HIGH_RISK;
    }

    /** The riskier of this and {@code other}; the first when equal. */
    CommandRisk worse(CommandRisk other) {
        if (other.level.compareTo(level) > 0) {
            return other;
        }
        if (other.level == level && other.highRiskPattern() && !highRiskPattern()) {
            return other; // a matched pattern outranks "unknown" at the same level
        }
        return this;
    }
}
