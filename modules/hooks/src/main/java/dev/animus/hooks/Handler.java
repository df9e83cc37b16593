package dev.animus.hooks;

import dev.animus.core.Abstention;
import dev.animus.host.Supervisor;
import java.util.Objects;

/** The plugin that answers a hook, ready to call, or why it cannot be called. */
public sealed interface Handler {

    /** Its supervisor: calls launch it if needed. */
    record Ready(Supervisor supervisor) implements Handler {
        public Ready {
            Objects.requireNonNull(supervisor, "supervisor");
        }
    }

    /** It may not run (not allowed any more, a secret missing): the hook abstains with this. */
    record Refused(Abstention abstention) implements Handler {
        public Refused {
            Objects.requireNonNull(abstention, "abstention");
        }
    }

    /**
     * Finds a plugin's handler when a hook or an event needs it. The composition root supplies it:
     * it checks the plugin may still run for the agent and registers it with the host.
     */
    @FunctionalInterface
    interface Resolver {
        /** The handler of {@code plugin}; never throws (a refusal is a {@link Refused}). */
        Handler resolve(String plugin);
    }
}
