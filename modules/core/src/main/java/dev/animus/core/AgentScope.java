package dev.animus.core;

import java.util.Objects;

/**
 * For which agents a plugin is enabled or disabled (docs/lifecycle.md#installation-lifecycle): one
 * agent, or all of them.
 */
public sealed interface AgentScope {

    /**
     * One agent.
     *
     * @param agent {@code ^[a-z0-9][a-z0-9._-]{0,63}$}
     */
    record One(String agent) implements AgentScope {

        /** @throws IllegalArgumentException naming {@code agent} when it breaks the pattern */
        public One {
            Objects.requireNonNull(agent, "agent");
            if (!NameRule.isValid(agent)) {
                throw new IllegalArgumentException(ManifestRules.quote(OneLine.of(agent))
                        + " is not an agent name: use 1 to 64 lowercase letters, digits, '.', '_' and '-',"
                        + " starting with a letter or digit");
            }
        }
    }

    /** Every agent, including agents added later. */
    record All() implements AgentScope {}
}
