package dev.animus.transports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Reading a transport's answer to transport/start or transport/info (docs/protocol.md#transports). */
class TransportAnswerTest {
    private static TransportAnswer read(String json) {
        return TransportAnswer.read(JsonMapper.builder().build().readTree(json));
    }

    @Test
    void aFullAnswerIsRead() {
        assertEquals(
                new TransportAnswer.Valid(
                        "127.0.0.1:8080",
                        Optional.of(URI.create("http://127.0.0.1:8080/")),
                        Optional.of(Instant.parse("2026-01-02T03:04:05Z"))),
                read("{\"bound_addr\":\"127.0.0.1:8080\",\"url\":\"http://127.0.0.1:8080/\","
                        + "\"started_at\":\"2026-01-02T04:04:05+01:00\"}"));
    }

    @Test
    void theUrlAndTheTimeMayBeAbsentOrNull() {
        assertEquals(
                new TransportAnswer.Valid("[::1]:1", Optional.empty(), Optional.empty()),
                read("{\"bound_addr\":\"[::1]:1\",\"url\":null}"));
    }

    @Test
    void aMissingOrMalformedBoundAddressIsRefused() {
        for (String bad : new String[] {
            "{}",
            "{\"bound_addr\":8080}",
            "{\"bound_addr\":\"127.0.0.1\"}",
            "{\"bound_addr\":\"h:0\"}",
            "{\"bound_addr\":\"::1:80\"}",
            "{\"bound_addr\":\":80\"}",
            "{\"bound_addr\":\"h:99999\"}"
        }) {
            assertEquals(new TransportAnswer.Invalid("bound_addr is missing or not host:port"), read(bad), bad);
        }
    }

    @Test
    void aUrlThatIsNotAbsoluteHttpIsRefused() {
        for (String url : new String[] {"\"/x\"", "\"ftp://h:1/\"", "1", "\"http://\""}) {
            assertEquals(
                    new TransportAnswer.Invalid("url is not an absolute http(s) URL"),
                    read("{\"bound_addr\":\"h:1\",\"url\":" + url + "}"),
                    url);
        }
    }

    @Test
    void aTimeThatIsNotIsoIsRefused() {
        assertEquals(
                new TransportAnswer.Invalid("started_at is not an ISO-8601 timestamp"),
                read("{\"bound_addr\":\"h:1\",\"started_at\":\"yesterday\"}"));
        assertEquals(new TransportAnswer.Invalid("the answer is not an object"), read("[\"h:1\"]"));
    }
}
