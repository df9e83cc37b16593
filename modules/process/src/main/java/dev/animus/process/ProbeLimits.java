package dev.animus.process;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds of one manifest probe: how long the whole probe may take (spawn to outcome), and how
 * many bytes it may write on stdout and on stderr before it is killed.
 *
 * @param timeout        the deadline of the whole probe; positive
 * @param maxStdoutBytes the most stdout bytes accepted; one more ends the probe; positive
 * @param maxStderrBytes the most stderr bytes accepted; one more ends the probe; positive
 */
public record ProbeLimits(Duration timeout, int maxStdoutBytes, int maxStderrBytes) {
    /** The {@code --manifest} probe timeout of docs/lifecycle.md#deadlines. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /** 1 MiB: a manifest is a few kilobytes; anything near this is not a manifest. */
    public static final int DEFAULT_MAX_BYTES = 1 << 20;

    public ProbeLimits {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("probe timeout must be positive, got " + timeout);
        }
        if (maxStdoutBytes <= 0) {
            throw new IllegalArgumentException("maxStdoutBytes must be positive, got " + maxStdoutBytes);
        }
        if (maxStderrBytes <= 0) {
            throw new IllegalArgumentException("maxStderrBytes must be positive, got " + maxStderrBytes);
        }
    }

    /** 5 s, 1 MiB of stdout, 1 MiB of stderr. */
    public static ProbeLimits defaults() {
        return new ProbeLimits(DEFAULT_TIMEOUT, DEFAULT_MAX_BYTES, DEFAULT_MAX_BYTES);
    }
}
