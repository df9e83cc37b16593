package dev.animus.triggers;

import java.util.Objects;
import java.util.Optional;

/** What a trigger session tells its owner (the daemon's events). Closed. */
public sealed interface TriggerNotice {
    /** The plugin the session watches. */
    String plugin();

    /** The restart policy gave up after {@code failures} consecutive failures: no more watches. */
    record Crashed(String plugin, int failures, Optional<String> lastError) implements TriggerNotice {
        public Crashed {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(lastError, "lastError");
        }
    }

    /** An event whose action hint the host does not carry out (none, or an unknown one). */
    record Unmatched(String plugin, String eventId, Optional<String> actionHint) implements TriggerNotice {
        public Unmatched {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(eventId, "eventId");
            Objects.requireNonNull(actionHint, "actionHint");
        }
    }
}
