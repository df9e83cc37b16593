package dev.animus.core;

import java.util.Objects;

/** What a hook call gave: a validated answer, rebuilt from its allowed fields, or an abstention. */
public sealed interface HookOutcome {

    /** The plugin's advice, already validated against the input. */
    record Answered(HookAnswer answer) implements HookOutcome {
        public Answered {
            Objects.requireNonNull(answer, "answer");
        }
    }

    /** No advice, and why. */
    record Abstained(Abstention abstention) implements HookOutcome {
        public Abstained {
            Objects.requireNonNull(abstention, "abstention");
        }
    }

    /** An abstention for {@code reason}. */
    static HookOutcome abstain(Abstention.Reason reason, String detail) {
        return new Abstained(new Abstention(reason, detail));
    }
}
