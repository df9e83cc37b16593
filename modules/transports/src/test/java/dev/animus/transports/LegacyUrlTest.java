package dev.animus.transports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The URL of a legacy transport's initialize answer (docs/protocol.md#transports). */
class LegacyUrlTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private static JsonNode json(String s) {
        return MAPPER.readTree(s);
    }

    @Nested
    class Examples {
        @Test
        void theTopLevelUrlComesFirst() {
            assertEquals(
                    Optional.of(URI.create("http://127.0.0.1:9000/ui")),
                    LegacyUrl.of(
                            json("{\"url\":\"http://127.0.0.1:9000/ui\",\"transport\":{\"url\":\"http://x:1/\"}}")));
        }

        @Test
        void aTransportUrlIsUsedWhenThereIsNoTopLevelOne() {
            assertEquals(
                    Optional.of(URI.create("https://localhost:8443/")),
                    LegacyUrl.of(json("{\"transport\":{\"url\":\"https://localhost:8443/\"}}")));
        }

        @Test
        void thePartsMakeAnHttpUrlWhenNoSchemeIsGiven() {
            assertEquals(
                    Optional.of(URI.create("http://127.0.0.1:8080/")),
                    LegacyUrl.of(json("{\"transport\":{\"host\":\"127.0.0.1\",\"port\":8080}}")));
        }

        @Test
        void anIpv6HostIsBracketed() {
            assertEquals(
                    Optional.of(URI.create("https://[::1]:443/")),
                    LegacyUrl.of(json("{\"transport\":{\"scheme\":\"HTTPS\",\"host\":\"::1\",\"port\":\"443\"}}")));
        }

        @Test
        void anUnusableTopLevelUrlIsPassedOver() {
            assertEquals(
                    Optional.of(URI.create("http://h:2/")),
                    LegacyUrl.of(json("{\"url\":\"ftp://h:1/\",\"transport\":{\"host\":\"h\",\"port\":2}}")));
        }

        @Test
        void nothingUsableIsEmpty() {
            for (String s : List.of(
                    "{}",
                    "[]",
                    "\"http://h:1/\"",
                    "{\"url\":\"/relative\"}",
                    "{\"url\":42}",
                    "{\"transport\":\"http://h:1/\"}",
                    "{\"transport\":{\"host\":\"h\"}}",
                    "{\"transport\":{\"host\":\"h\",\"port\":0}}",
                    "{\"transport\":{\"host\":\"h\",\"port\":65536}}",
                    "{\"transport\":{\"host\":\"a@b\",\"port\":1}}",
                    "{\"transport\":{\"scheme\":\"ws\",\"host\":\"h\",\"port\":1}}")) {
                assertEquals(Optional.empty(), LegacyUrl.of(json(s)), s);
            }
        }
    }

    /**
     * Random initialize answers, each field drawn usable or not (the generator knows which): the
     * reading is the first usable candidate in the documented order, and never throws.
     */
    @Nested
    class Property {
        static LongStream seeds() {
            return LongStream.range(0, 1_000);
        }

        @ParameterizedTest
        @MethodSource("seeds")
        void theUrlIsTheFirstUsableCandidateInOrder(long seed) {
            Random r = new Random(seed);
            ObjectNode answer = noise(r);
            Optional<URI> expected;
            Candidate top = candidate(r);
            top.put(answer, "url");
            expected = top.usable();
            int shape = r.nextInt(4);
            if (shape == 1) {
                answer.set( // not a table: its contents are not read
                        "transport",
                        r.nextBoolean()
                                ? JSON.stringNode("http://127.0.0.1:1/")
                                : JSON.arrayNode().add(JSON.objectNode().put("url", "http://127.0.0.1:1/")));
            } else if (shape >= 2) {
                ObjectNode t = answer.putObject("transport");
                Candidate url = candidate(r);
                url.put(t, "url");
                Parts parts = parts(r, t);
                expected = expected.or(url::usable).or(parts::usable);
            }
            assertEquals(expected, LegacyUrl.of(answer), answer.toString());
        }

        @ParameterizedTest
        @MethodSource("seeds")
        void anyJsonGivesAnAbsoluteHttpUrlWithAHostOrNothing(long seed) {
            Random r = new Random(seed);
            JsonNode any = r.nextBoolean() ? randomValue(r, 4) : noise(r).set("transport", randomValue(r, 3));
            Optional<URI> got = LegacyUrl.of(any);
            got.ifPresent(u -> {
                assertTrue(u.isAbsolute() && u.getHost() != null, u.toString());
                assertTrue(u.getScheme().matches("(?i)https?"), u.toString());
            });
        }
    }

    /** A field drawn usable or not, and the URL it makes when usable. */
    private record Candidate(Optional<JsonNode> value, Optional<URI> usable) {
        void put(ObjectNode o, String key) {
            value.ifPresent(v -> o.set(key, v));
        }
    }

    private record Parts(Optional<URI> usable) {}

    private static final List<String> HOSTS = List.of("127.0.0.1", "localhost", "example.test", "10.1.2.3");
    private static final List<String> BAD_URLS =
            List.of("", "not a url", "/path", "ftp://h:1/", "mailto:a@b", "http://", "ws://h:1/", "http:opaque");

    private static Candidate candidate(Random r) {
        switch (r.nextInt(5)) {
            case 0 -> {
                return new Candidate(Optional.empty(), Optional.empty());
            }
            case 1 -> {
                String u = (r.nextBoolean() ? "http" : "https") + "://" + pick(r, HOSTS) + ":" + (1 + r.nextInt(65_535))
                        + (r.nextBoolean() ? "/" : "/ui?x=" + r.nextInt(100));
                return new Candidate(Optional.of(JSON.stringNode(u)), Optional.of(URI.create(u)));
            }
            case 2 -> {
                return new Candidate(Optional.of(JSON.stringNode(pick(r, BAD_URLS))), Optional.empty());
            }
            default -> {
                return new Candidate(Optional.of(randomNonString(r)), Optional.empty());
            }
        }
    }

    private static Parts parts(Random r, ObjectNode t) {
        boolean ok = true;
        String scheme = "http";
        switch (r.nextInt(4)) {
            case 0 -> {} // absent: http
            case 1 -> {
                scheme = r.nextBoolean() ? "https" : "HTTP";
                t.put("scheme", scheme);
                scheme = scheme.toLowerCase(java.util.Locale.ROOT);
            }
            case 2 -> {
                t.put("scheme", r.nextBoolean() ? "gopher" : "");
                ok = false;
            }
            default -> {
                t.set("scheme", randomNonStringNonNull(r));
                ok = false;
            }
        }
        String host = pick(r, HOSTS);
        switch (r.nextInt(4)) {
            case 0 -> ok = false; // absent
            case 1 -> {
                t.put("host", r.nextBoolean() ? "" : "bad host/x");
                ok = false;
            }
            default -> t.put("host", host);
        }
        int port = 1 + r.nextInt(65_535);
        switch (r.nextInt(5)) {
            case 0 -> ok = false; // absent
            case 1 -> {
                t.put("port", r.nextBoolean() ? 0 : 65_536 + r.nextInt(1000));
                ok = false;
            }
            case 2 -> t.put("port", Integer.toString(port));
            case 3 -> {
                t.put("port", r.nextBoolean() ? "80x" : "-1");
                ok = false;
            }
            default -> t.put("port", port);
        }
        return new Parts(ok ? Optional.of(URI.create(scheme + "://" + host + ":" + port + "/")) : Optional.empty());
    }

    /** Fields an initialize answer has anyway, none of them read for the URL. */
    private static ObjectNode noise(Random r) {
        ObjectNode o = JSON.objectNode().put("protocol_version", "1.1.0");
        o.putObject("plugin_info").put("name", "t").put("version", "1").put("plugin_kind", "transport_backend");
        for (int i = r.nextInt(3); i > 0; i--) {
            o.set("x" + r.nextInt(100), randomValue(r, 2));
        }
        return o;
    }

    private static JsonNode randomNonString(Random r) {
        return r.nextInt(6) == 0 ? JSON.nullNode() : randomNonStringNonNull(r);
    }

    private static JsonNode randomNonStringNonNull(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> JSON.numberNode(r.nextInt());
            case 1 -> JSON.booleanNode(r.nextBoolean());
            case 2 -> JSON.arrayNode().add("http://127.0.0.1:1/");
            case 3 -> JSON.objectNode().put("url", "http://127.0.0.1:1/");
            default -> JSON.numberNode(r.nextDouble());
        };
    }

    private static JsonNode randomValue(Random r, int depth) {
        int k = r.nextInt(depth <= 0 ? 5 : 7);
        return switch (k) {
            case 0 -> JSON.nullNode();
            case 1 -> JSON.numberNode(r.nextInt(70_000) - 1000);
            case 2 -> JSON.stringNode(r.nextBoolean() ? pick(r, BAD_URLS) : "http://" + pick(r, HOSTS) + ":8/");
            case 3 -> JSON.booleanNode(r.nextBoolean());
            case 4 -> JSON.stringNode(pick(r, HOSTS));
            case 5 -> {
                ArrayNode a = JSON.arrayNode();
                for (int i = r.nextInt(3); i > 0; i--) {
                    a.add(randomValue(r, depth - 1));
                }
                yield a;
            }
            default -> {
                ObjectNode o = JSON.objectNode();
                List<String> keys = List.of("url", "scheme", "host", "port", "transport", "other");
                for (int i = r.nextInt(4); i > 0; i--) {
                    o.set(pick(r, keys), randomValue(r, depth - 1));
                }
                yield o;
            }
        };
    }

    private static <T> T pick(Random r, List<T> from) {
        return from.get(r.nextInt(from.size()));
    }
}
