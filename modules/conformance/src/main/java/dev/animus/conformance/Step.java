package dev.animus.conformance;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One step of a scenario (conformance/plugin/README.md lists their JSON forms). {@link #when} names
 * a captured value the step needs: without it the step is left out (a branch the plugin did not
 * take, such as a watch it refused with -32001).
 */
sealed interface Step {

    Optional<String> when();

    /** Writes {@code frame} compact on one line, or pretty-printed over several. */
    record Send(JsonNode frame, boolean pretty, Optional<String> when) implements Step {
        public Send {
            Objects.requireNonNull(frame, "frame");
            Objects.requireNonNull(when, "when");
        }
    }

    /** Writes {@code text} exactly as it is (after its placeholders are replaced). */
    record SendRaw(String text, Optional<String> when) implements Step {
        public SendRaw {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(when, "when");
        }
    }

    /**
     * Waits for the answer to the request whose id the pattern names (else for the next answer),
     * which must match the pattern; {@code capture} maps a variable to a JSON pointer into it.
     */
    record Expect(JsonNode pattern, JsonNode withinMs, Map<String, String> capture, Optional<String> when)
            implements Step {
        public Expect {
            Objects.requireNonNull(pattern, "pattern");
            Objects.requireNonNull(withinMs, "withinMs");
            capture = Map.copyOf(capture);
            Objects.requireNonNull(when, "when");
        }
    }

    /** Waits for a notification matching {@code pattern} (one that came earlier counts too). */
    record ExpectNotification(JsonNode pattern, JsonNode withinMs, Optional<String> when) implements Step {
        public ExpectNotification {
            Objects.requireNonNull(pattern, "pattern");
            Objects.requireNonNull(withinMs, "withinMs");
            Objects.requireNonNull(when, "when");
        }
    }

    /**
     * Checks every notification received so far that matches {@code select}: each must match
     * {@code each}, and with {@code beforeAnswer} it must have arrived before the answer to that
     * request id.
     */
    record Notifications(JsonNode select, JsonNode each, Optional<JsonNode> beforeAnswer, Optional<String> when)
            implements Step {
        public Notifications {
            Objects.requireNonNull(select, "select");
            Objects.requireNonNull(each, "each");
            Objects.requireNonNull(beforeAnswer, "beforeAnswer");
            Objects.requireNonNull(when, "when");
        }
    }

    /** Closes the plugin's stdin. */
    record CloseStdin(Optional<String> when) implements Step {
        public CloseStdin {
            Objects.requireNonNull(when, "when");
        }
    }

    /** Waits for the process to exit, with {@code status} when given. */
    record ExpectExit(JsonNode withinMs, Optional<Integer> status, Optional<String> when) implements Step {
        public ExpectExit {
            Objects.requireNonNull(withinMs, "withinMs");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(when, "when");
        }
    }

    /**
     * The handshake of docs/protocol.md: {@code initialize} (id 1) with the host's params, its
     * answer, and with {@code initialized} the notification that opens the domain methods.
     */
    record Handshake(boolean initialized, Optional<String> when) implements Step {
        public Handshake {
            Objects.requireNonNull(when, "when");
        }
    }

    /** Runs {@code <binary> --manifest} the way discovery does and validates what it prints. */
    record ProbeManifest(JsonNode withinMs, Optional<String> when) implements Step {
        public ProbeManifest {
            Objects.requireNonNull(withinMs, "withinMs");
            Objects.requireNonNull(when, "when");
        }
    }
}
