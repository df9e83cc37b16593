package dev.animus.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class JsonPatternTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static Optional<String> match(String pattern, String actual) {
        return JsonPattern.mismatch(JSON.readTree(pattern), JSON.readTree(actual));
    }

    /** Seeded generators: random documents without "$" keys, so a value is its own plain pattern. */
    @Nested
    class Properties {
        @ParameterizedTest(name = "seed {0}")
        @ValueSource(longs = {1, 2, 3, 17, 99, 2026, 31_337})
        void everyValueMatchesItselfAndItselfExactly(long seed) {
            var random = new SplittableRandom(seed);
            for (int i = 0; i < 200; i++) {
                JsonNode v = value(random, 4);
                assertEquals(Optional.empty(), JsonPattern.mismatch(v, v), v::toString);
                if (v.isObject()) {
                    ObjectNode exactly = NODES.objectNode();
                    exactly.set("$exactly", v);
                    assertEquals(Optional.empty(), JsonPattern.mismatch(exactly, v), v::toString);
                }
            }
        }

        @ParameterizedTest(name = "seed {0}")
        @ValueSource(longs = {4, 5, 6, 18, 100, 2027})
        void changingOneLeafIsAMismatchNamingItsPointer(long seed) {
            var random = new SplittableRandom(seed);
            for (int i = 0; i < 200; i++) {
                JsonNode pattern = value(random, 4);
                List<String> leaves = new ArrayList<>();
                leaves(pattern, "", leaves);
                if (leaves.isEmpty()) {
                    continue;
                }
                String pointer = leaves.get(random.nextInt(leaves.size()));
                JsonNode actual = replaced(pattern, pointer, NODES.stringNode("changed-" + i));
                Optional<String> m = JsonPattern.mismatch(pattern, actual);
                assertTrue(m.isPresent(), () -> pattern + " matched " + actual);
                String at = pointer.isEmpty() ? "/" : pointer;
                assertTrue(m.get().startsWith(at + ":"), () -> m.get() + " does not name " + at);
            }
        }

        @ParameterizedTest(name = "seed {0}")
        @ValueSource(longs = {7, 8, 9})
        void anObjectPatternAllowsExtraMembersButExactlyDoesNot(long seed) {
            var random = new SplittableRandom(seed);
            for (int i = 0; i < 100; i++) {
                ObjectNode pattern = object(random, 3);
                ObjectNode actual = pattern.deepCopy().put("extra_" + i, i);
                assertEquals(Optional.empty(), JsonPattern.mismatch(pattern, actual));
                ObjectNode exactly = NODES.objectNode();
                exactly.set("$exactly", pattern);
                assertEquals(
                        Optional.of("/extra_" + i + ": expected no member \"extra_" + i + "\" (exactly "
                                + JsonPattern.brief(pattern) + ")"),
                        JsonPattern.mismatch(exactly, actual));
            }
        }

        private static JsonNode value(SplittableRandom r, int depth) {
            return switch (depth == 0 ? r.nextInt(4) : r.nextInt(6)) {
                case 0 -> NODES.numberNode(r.nextInt(-1000, 1000));
                case 1 -> NODES.stringNode("s" + r.nextInt(100));
                case 2 -> NODES.booleanNode(r.nextBoolean());
                case 3 -> NODES.nullNode();
                case 4 -> object(r, depth - 1);
                default -> {
                    ArrayNode a = NODES.arrayNode();
                    for (int i = r.nextInt(4); i > 0; i--) {
                        a.add(value(r, depth - 1));
                    }
                    yield a;
                }
            };
        }

        private static ObjectNode object(SplittableRandom r, int depth) {
            ObjectNode o = NODES.objectNode();
            for (int i = r.nextInt(4); i > 0; i--) {
                o.set("k" + r.nextInt(10), value(r, Math.max(0, depth - 1)));
            }
            return o;
        }

        private static void leaves(JsonNode v, String at, List<String> out) {
            if (v.isObject()) {
                v.properties().forEach(e -> leaves(e.getValue(), at + "/" + e.getKey(), out));
            } else if (v.isArray()) {
                for (int i = 0; i < v.size(); i++) {
                    leaves(v.get(i), at + "/" + i, out);
                }
            } else {
                out.add(at);
            }
        }

        private static JsonNode replaced(JsonNode v, String pointer, JsonNode with) {
            if (pointer.isEmpty()) {
                return with;
            }
            JsonNode copy = v.deepCopy();
            int cut = pointer.lastIndexOf('/');
            JsonNode parent = copy.at(pointer.substring(0, cut));
            String last = pointer.substring(cut + 1);
            if (parent instanceof ObjectNode o) {
                o.set(last, with);
            } else if (parent instanceof ArrayNode a) {
                a.set(Integer.parseInt(last), with);
            }
            return copy;
        }
    }

    @Test
    void operatorsSayWhatTheyExpected() {
        assertEquals(Optional.empty(), match("{\"v\":{\"$type\":\"semver\"}}", "{\"v\":\"1.2.3\"}"));
        assertEquals(
                Optional.of("/v: expected a semantic version, got \"1.2\""),
                match("{\"v\":{\"$type\":\"semver\"}}", "{\"v\":\"1.2\"}"));
        assertEquals(Optional.empty(), match("{\"t\":{\"$type\":\"rfc3339\"}}", "{\"t\":\"2026-01-02T03:04:05Z\"}"));
        assertEquals(
                Optional.of("/v: expected protocol major 1 (the host speaks 1.1.0), got \"2.0.0\""),
                match("{\"v\":{\"$same_major\":\"1.1.0\"}}", "{\"v\":\"2.0.0\"}"));
        assertEquals(Optional.empty(), match("{\"o\":{\"$optional\":{\"$type\":\"string\"}}}", "{}"));
        assertEquals(
                Optional.of("/o: expected a string, got 3"),
                match("{\"o\":{\"$optional\":{\"$type\":\"string\"}}}", "{\"o\":3}"));
        assertEquals(
                Optional.empty(),
                match("{\"l\":{\"$contains\":{\"id\":2}}}", "{\"l\":[{\"id\":1},{\"id\":2,\"x\":0}]}"));
        assertEquals(
                Optional.of("/l/1: expected no element matching {\"id\":2}, found one"),
                match("{\"l\":{\"$not_contains\":{\"id\":2}}}", "{\"l\":[{\"id\":1},{\"id\":2}]}"));
        assertEquals(
                Optional.empty(),
                match(
                        "{\"id\":\"t:1\",\"$one_of\":[{\"result\":{}},{\"error\":{\"code\":-32001}}]}",
                        "{\"id\":\"t:1\",\"error\":{\"code\":-32001,\"message\":\"no\"}}"));
        assertTrue(match("{\"id\":2,\"$one_of\":[{\"result\":{}},{\"error\":{}}]}", "{\"id\":3,\"result\":{}}")
                .orElseThrow()
                .startsWith("/id: expected 2, got 3"));
        assertEquals(
                Optional.of("/: expected a string starting with \"task:\", got \"memo:1\""),
                match("{\"$prefix\":\"task:\"}", "\"memo:1\""));
        assertEquals(Optional.empty(), match("{\"n\":1.0}", "{\"n\":1}"));
    }

    @Test
    void anUnknownOperatorIsAnErrorOfThePattern() {
        var e = assertThrows(
                IllegalArgumentException.class, () -> match("{\"a\":{\"$tpye\":\"string\"}}", "{\"a\":\"x\"}"));
        assertEquals("unknown pattern operator $tpye at /a", e.getMessage());
    }
}
