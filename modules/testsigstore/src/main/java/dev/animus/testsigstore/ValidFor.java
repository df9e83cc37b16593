package dev.animus.testsigstore;

import java.time.Instant;

/**
 * A trusted-root {@code validFor} window.
 *
 * @param start the start, or null to leave {@code start} out (a deliberately broken root)
 * @param end the end, or null for an open window
 */
public record ValidFor(Instant start, Instant end) {
    /** An open window from {@code start}. */
    public static ValidFor from(Instant start) {
        return new ValidFor(start, null);
    }
}
