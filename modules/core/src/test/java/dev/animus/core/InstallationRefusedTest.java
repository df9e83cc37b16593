package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** Refusal messages not covered through {@link Installation}'s steps. */
class InstallationRefusedTest {

    @Test
    void notEnabledForOneAgentNamesTheCommandThatEnablesItForThatAgent() {
        var e = InstallationRefused.notEnabled("echo", new AgentScope.One("alice"));
        assertEquals(InstallationRefused.Reason.NOT_ENABLED, e.reason());
        assertEquals("plugin echo is not enabled for agent alice (run 'animus plugin enable echo --agent alice')",
                e.getMessage());
    }

    @Test
    void notEnabledForAllAgentsNamesTheCommandThatEnablesItForAll() {
        assertEquals("plugin echo is not enabled for all agents (run 'animus plugin enable echo --all-agents')",
                InstallationRefused.notEnabled("echo", new AgentScope.All()).getMessage());
    }

    @Test
    void pluginTextInAMessageCannotBreakTheLine() {
        var e = InstallationRefused.invalidManifest("echo", "bad\nline\u001b[2J");
        assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("\u001b"), e.getMessage());
        assertEquals(InstallationRefused.Reason.NO_MANIFEST, e.reason());
    }
}
