package dev.animus.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ProviderNamesTest {
    @Test
    void thePrefixIsDroppedAndTheOaiRunnerIsOai() {
        assertEquals("claude", ProviderNames.canonical("animus-provider-claude"));
        assertEquals("oai", ProviderNames.canonical("oai-runner"));
        assertEquals("oai", ProviderNames.canonical("animus-oai-runner"));
        assertEquals("oai", ProviderNames.canonical("animus-provider-oai"));
        assertEquals("mine", ProviderNames.canonical("Mine"));
    }

    @Test
    void theFirstPartyNamesAreReserved() {
        for (String n :
                List.of("claude", "codex", "gemini", "opencode", "oai", "oai-runner", "animus-provider-codex")) {
            assertTrue(ProviderNames.reserved(n), n);
        }
        assertFalse(ProviderNames.reserved("flaky"));
    }

    @Test
    void anExactInstalledNameWinsOverACanonicalMatch() {
        assertEquals(Optional.of("oai-runner"), ProviderNames.resolve("oai-runner", List.of("oai", "oai-runner")));
        assertEquals(Optional.of("oai"), ProviderNames.resolve("animus-oai-runner", List.of("oai", "x")));
        assertEquals(Optional.empty(), ProviderNames.resolve("claude", List.of("oai")));
    }

    /** Canonicalisation is idempotent, never throws, and resolution finds a name by any of its spellings. */
    @Test
    void canonicalIsIdempotentAndEverySpellingResolves() {
        Random random = new Random(21);
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-._";
        List<String> prefixes = List.of("", "animus-", "animus-provider-", "animus-plugin-", "ANIMUS-PROVIDER-");
        for (int i = 0; i < 5_000; i++) {
            StringBuilder b = new StringBuilder();
            int len = 1 + random.nextInt(12);
            for (int k = 0; k < len; k++) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String base = b.toString();
            String spelled = prefixes.get(random.nextInt(prefixes.size())) + base;
            String c = ProviderNames.canonical(spelled);
            assertEquals(c, ProviderNames.canonical(c), spelled);
            assertEquals(
                    Optional.of(spelled),
                    ProviderNames.resolve(c, List.of(spelled)),
                    "resolve " + c + " to " + spelled);
        }
    }
}
