package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Refusal messages not covered through {@link Installation}'s steps. */
class InstallationRefusedTest {

    @Test
    void notEnabledForOneAgentNamesTheCommandThatEnablesItForThatAgent() {
        var e = InstallationRefused.notEnabled("echo", new AgentScope.One("alice"));
        assertEquals(InstallationRefused.Reason.NOT_ENABLED, e.reason());
        assertEquals("plugin echo is not enabled for agent alice", e.getMessage());
        assertEquals(List.of(new Fix.Enable("echo", new AgentScope.One("alice"))), e.fixes());
    }

    @Test
    void notEnabledForAllAgentsNamesTheCommandThatEnablesItForAll() {
        var e = InstallationRefused.notEnabled("echo", new AgentScope.All());
        assertEquals("plugin echo is not enabled for all agents", e.getMessage());
        assertEquals(List.of(new Fix.Enable("echo", new AgentScope.All())), e.fixes());
    }

    @Test
    void pluginTextInAMessageCannotBreakTheLine() {
        var e = InstallationRefused.invalidManifest("echo", "bad\nline\u001b[2J");
        assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("\u001b"), e.getMessage());
        assertEquals(InstallationRefused.Reason.NO_MANIFEST, e.reason());
    }
}
