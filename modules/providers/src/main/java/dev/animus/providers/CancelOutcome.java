package dev.animus.providers;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * The provider's answer to {@code agent/cancel}: it was delivered to the very process of the run.
 *
 * @param pid that process
 * @param answer what the provider answered
 */
public record CancelOutcome(String controlSessionId, String provider, long pid, JsonNode answer) {
    public CancelOutcome {
        Objects.requireNonNull(controlSessionId, "controlSessionId");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(answer, "answer");
    }
}
