package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedactionTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
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
}
