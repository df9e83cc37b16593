package dev.animus.core;

/**
 * How risky a shell command is (docs/lifecycle.md#hooks-and-events, {@code classify.command-risk}),
 * in increasing order: {@link #compareTo} orders them, the highest of a command's parts wins.
 */
public enum RiskLevel {
    /** Reads and prints; changes nothing. */
    READ_ONLY,
    /** Changes files of the project or reaches the network, in ways that can be undone. */
    LOW_RISK,
    /** Deletes, overwrites, escalates, runs arbitrary code, or is not known to the host. */
    HIGH_RISK;

    /** The wire name: {@code read_only}, {@code low_risk}, {@code high_risk}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The higher of this and {@code other}. */
    public RiskLevel max(RiskLevel other) {
        return compareTo(other) >= 0 ? this : other;
    }
}
