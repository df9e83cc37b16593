package dev.animus.plugins.oai;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds of one chat stream.
 *
 * @param connect the longest a TCP (and TLS) connect may take
 * @param idle the longest the server may stay silent: before the response head, and between two
 *     reads of the body (a local model may process a long prompt before its first token, hence a
 *     generous default)
 * @param maxResponseBytes the most body bytes read; a longer answer is cut and is an error
 * @param maxLineBytes the longest event-stream line kept (one chunk is one line)
 */
record ChatLimits(Duration connect, Duration idle, long maxResponseBytes, int maxLineBytes) {
    /** 10 s to connect, 5 min of silence, 64 MiB of answer, 4 MiB lines. */
    static final ChatLimits DEFAULT = new ChatLimits(Duration.ofSeconds(10), Duration.ofMinutes(5), 64L << 20, 4 << 20);

    /** @throws IllegalArgumentException if a bound is not positive */
    ChatLimits {
        Objects.requireNonNull(connect, "connect");
        Objects.requireNonNull(idle, "idle");
        if (connect.isNegative() || connect.isZero() || idle.isNegative() || idle.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive: connect " + connect + ", idle " + idle);
        }
        if (maxResponseBytes < 1 || maxLineBytes < 1) {
            throw new IllegalArgumentException(
                    "size bounds must be positive: response " + maxResponseBytes + ", line " + maxLineBytes);
        }
    }
}
