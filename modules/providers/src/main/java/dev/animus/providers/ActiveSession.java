package dev.animus.providers;

import java.time.Instant;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One run in the session map.
 *
 * @param pid the process it was written to; empty while it is still being launched
 */
public record ActiveSession(String controlSessionId, String provider, Instant startedAt, OptionalLong pid) {
    public ActiveSession {
        Objects.requireNonNull(controlSessionId, "controlSessionId");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(pid, "pid");
    }
}
