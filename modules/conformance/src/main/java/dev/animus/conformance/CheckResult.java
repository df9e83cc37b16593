package dev.animus.conformance;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The result of one scenario.
 *
 * @param detail for a failure what went wrong (one line, naming what was expected and what came),
 *               for a skip why it does not apply, else empty
 * @param transcript the frames written (→) and read (←), the last 60, each cut at 240 characters
 * @param stderr the last lines the plugin wrote on stderr
 */
public record CheckResult(
        String pack,
        String id,
        String title,
        Outcome outcome,
        String detail,
        String hint,
        List<String> transcript,
        List<String> stderr,
        Duration took) {

    /** How a check ended. */
    public enum Outcome {
        PASSED,
        FAILED,
        /** It does not apply to this plugin (a kind it does not serve, a capability it does not advertise). */
        SKIPPED
    }

    public CheckResult {
        Objects.requireNonNull(pack, "pack");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(hint, "hint");
        transcript = List.copyOf(transcript);
        stderr = List.copyOf(stderr);
        Objects.requireNonNull(took, "took");
    }

    public boolean failed() {
        return outcome == Outcome.FAILED;
    }
}
