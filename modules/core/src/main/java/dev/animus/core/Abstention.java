package dev.animus.core;

import java.util.Locale;
import java.util.Objects;

/**
 * Why a hook gave no advice (docs/lifecycle.md#hooks-and-events): every failure of a hook call
 * becomes one, and host policy then decides without the plugin.
 *
 * @param reason what went wrong, as a value
 * @param detail one line saying what exactly (the plugin, the field, the figure)
 */
public record Abstention(Reason reason, String detail) {
    public Abstention {
        Objects.requireNonNull(reason, "reason");
        detail = OneLine.of(Objects.requireNonNull(detail, "detail"));
    }

    /** Why, as a value. */
    public enum Reason {
        /** No enabled plugin answers the hook for the agent. */
        NO_HANDLER,
        /** The plugin that answers it may not run: not installed, trusted, consented or enabled any more. */
        NOT_ALLOWED,
        /** A variable or secret the plugin requires is set nowhere. */
        MISSING_SECRET,
        /** The plugin answered with an error, could not start, or its process died. */
        PLUGIN_ERROR,
        /** The answer did not come within the deadline; the process was killed. */
        TIMEOUT,
        /** The answer is larger than the host reads. */
        TOO_LARGE,
        /** The answer is not the hook's shape (a field missing or of the wrong type, a bad number). */
        INVALID_SHAPE,
        /** The answer holds a field the hook does not define (an {@code approve}, an override, prose). */
        EXTRA_FIELDS,
        /** The probabilities do not sum to 1 (± 1e-6). */
        NOT_NORMALISED,
        /** An option of the input (a skill, a ref, a flag) is not in the answer. */
        MISSING_OPTION,
        /** An option is in the answer twice. */
        REPEATED_OPTION,
        /** The answer names an option the input did not offer. */
        UNKNOWN_OPTION;

        /** The wire name: {@code no_handler}, {@code extra_fields}, … */
        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
