package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedactionTest {
    /** A PEM private key as secrets hold them: lines of base64 between a header and a footer. */
    static final String PEM = "-----BEGIN PRIVATE KEY-----\n"
            + "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n"
            + "MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\n"
            + "NMoSfm76oqFvAp8Gy0iz5sxjZmSnXyCdPEovGhLa0VzMaQ8s+CLOyS56YyCFGeJZ\n"
            + "-----END PRIVATE KEY-----";

    static final String TABBED = "first-half\tsecond-half-7731";

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "token=abc123|token=***",
                "API_KEY: sk_live_1|API_KEY: ***",
                "{\"password\": \"hunter2\"}|{\"password\": ***}",
                "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9|Authorization: Bearer ***",
                "using ghp_abcdefghijklmnopqrstuvwxyz0123456789 now|using *** now",
                "key AKIAIOSFODNN7EXAMPLE here|key *** here",
                "client_secret=x&next=1|client_secret=***&next=1",
                "listening on port 8080|listening on port 8080",
                "tokens processed: 12|tokens processed: 12"
            })
    void masksValuesAndKeepsKeys(String in, String out) {
        assertEquals(out, Redaction.redact(in));
    }

    @Test
    void aSecretOfSeveralLinesIsMaskedWholeAndLineByLine() {
        Redaction.maskEverywhere(SecretValue.of(PEM));
        assertEquals("loaded *** from the store", Redaction.maskKnown("loaded " + PEM + " from the store"));
        String crlf = Redaction.maskKnown("key: " + PEM.replace("\n", "\r\n") + " (CRLF)");
        assertEquals("key: ***\r\n***\r\n***\r\n***\r\n*** (CRLF)", crlf, "other line breaks: each line is masked");
        // a text split into lines before it is masked (stderr) loses every line of the value
        for (String line : PEM.split("\n")) {
            String masked = Redaction.redact("  " + line + "  ");
            assertEquals("  ***  ", masked, line);
        }
        // escaped before it was masked: as one line, and as a JSON string
        assertEquals("error: ***", Redaction.maskKnown("error: " + OneLine.escape(PEM)));
        assertEquals("{\"key\":\"***\"}", Redaction.maskKnown("{\"key\":\"" + SecretMatcher.json(PEM) + "\"}"));
    }

    @Test
    void aSecretWithATabIsMaskedBeforeItIsEscaped() {
        Redaction.maskEverywhere(SecretValue.of(TABBED));
        assertEquals("the plugin said: ***", OneLine.of("the plugin said: " + TABBED));
        assertEquals("escaped first: ***", Redaction.maskKnown("escaped first: " + OneLine.escape(TABBED)));
        assertEquals("value=*** rest", Redaction.redact("value=" + TABBED + " rest"));
    }

    @Test
    void aSecretCutOffAtTheEndOfAKeptLineLeavesNoPrefix() {
        Redaction.maskEverywhere(SecretValue.of("cut-here-0123456789-secret"));
        assertEquals("kept: ***", Redaction.redactCut("kept: cut-here-0123"));
        assertEquals("kept: cut-here-0123", Redaction.redact("kept: cut-here-0123"), "not cut: no secret there");
        assertEquals("kept: nothing of it", Redaction.redactCut("kept: nothing of it"));
    }

    @Test
    void overlappingOccurrencesBecomeOneMask() {
        Redaction.maskEverywhere(SecretValue.of("abab-abab-9"));
        assertEquals("x *** y", Redaction.maskKnown("x abab-abab-abab-9 y").replace("abab-***", "***"));
        assertFalse(Redaction.maskKnown("abab-abab-abab-abab-9").contains("-9"));
    }
}
