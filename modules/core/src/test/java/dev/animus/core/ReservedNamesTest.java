package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReservedNamesTest {
    @ParameterizedTest(name = "{0} shadows {1}")
    @CsvSource({
        "claude, claude",
        "Codex, codex",
        "gemini, gemini",
        "opencode, opencode",
        "oai, oai",
        "oai-runner, oai",
        "animus-oai-runner, oai",
        "animus-provider-claude, claude",
        "animus-plugin-gemini, gemini"
    })
    void builtInProviderNamesAndTheirAliasesAreReserved(String name, String builtIn) {
        assertEquals(Optional.of(builtIn), ReservedNames.shadowed(name));
    }

    @ParameterizedTest(name = "{0} is free")
    @CsvSource({"claude2", "my-claude", "oai-runner-x", "echo", "openai", "codexx"})
    void otherNamesAreFree(String name) {
        assertEquals(Optional.empty(), ReservedNames.shadowed(name));
    }
}
