package dev.animus.control;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** What a {@link ControlSubscription} yields. Closed: switch over it without a default. */
public sealed interface StreamEvent {

    /** The next value of the stream, in order. */
    record Data(JsonNode data) implements StreamEvent {
        public Data {
            Objects.requireNonNull(data, "data");
        }
    }

    /** The client fell behind: {@code missed} values were dropped (by the daemon or this client). */
    record Lagged(long missed) implements StreamEvent {}

    /** The stream ended: {@code subscription/closed}'s reason, or why the connection ended. */
    record Closed(String reason) implements StreamEvent {
        public Closed {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
