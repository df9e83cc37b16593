package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The agents a plugin is enabled for. */
class AgentScopeTest {

    @ParameterizedTest
    @ValueSource(strings = {"alice", "0", "ci-bot.2_x"})
    void agentNamesOfLowercaseLettersDigitsDotsDashesAndUnderscoresAreAccepted(String name) {
        assertEquals(name, new AgentScope.One(name).agent());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Alice", "-a", ".a", "a b", "a/b", "a\nb"})
    void anythingElseIsRejectedNamingIt(String name) {
        var e = assertThrows(IllegalArgumentException.class, () -> new AgentScope.One(name));
        assertTrue(e.getMessage().contains("'" + OneLine.of(name) + "' is not an agent name"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void anAgentNameIsAtMost64CharactersLong() {
        assertEquals(64, new AgentScope.One("a".repeat(64)).agent().length());
        assertThrows(IllegalArgumentException.class, () -> new AgentScope.One("a".repeat(65)));
    }
}
