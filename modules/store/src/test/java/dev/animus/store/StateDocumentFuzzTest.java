package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.ArtifactShape;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallState;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.PluginState;
import dev.animus.testfuzz.FuzzRun;
import dev.animus.testfuzz.Mutations;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded fuzzing of the state-document reader ({@link StateDecoder#decode}): real documents (a
 * rich state, an empty one, and the old form whose signature is a bare status word) with JSON
 * values removed, retyped or replaced (boundary numbers, wrong words, deep arrays, long strings),
 * then sometimes byte-level damage on top (flips, cuts, repeated slices that duplicate keys,
 * hostile Unicode), plus random bytes. Each input decodes, or is refused with
 * {@link DocumentUnreadable} naming the file in one line; never another exception, never a hang. A
 * document that decodes re-encodes to one that decodes equal, and its stored manifests re-validate
 * (as every read does) with nothing but {@link ManifestInvalid}. The seed is printed;
 * {@code -Dfuzz.seed=N} replays a run and {@code -Dfuzz.inputs=N} changes how many inputs it tries.
 */
class StateDocumentFuzzTest {
    private static final Path FILE = Path.of("/fuzz/state.json");
    private static final int INPUTS = Integer.getInteger("fuzz.inputs", 10_000);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Writes mutated trees nested past the reader's depth limit (the writer's own limit is the same). */
    private static final JsonMapper WRITER = JsonMapper.builder(JsonFactory.builder()
                    .streamWriteConstraints(StreamWriteConstraints.builder()
                            .maxNestingDepth(10_000)
                            .build())
                    .build())
            .build();

    private static final List<String> FRAGMENTS = List.of(
            "{",
            "}",
            "[",
            "]",
            "\"",
            ":",
            ",",
            "\\",
            "\\u",
            "null",
            "true",
            "\"unsigned\"",
            "\"verified\"",
            "\"schema_version\": 1,",
            "\"schema_version\": 2,",
            "\"revision\": -1,",
            "\"plugins\": {},",
            "\"current\": null,",
            "\"x\": 1,",
            "{\"a\":",
            "[[",
            "/*",
            "//",
            "NaN");
    private static final List<String> WORDS = List.of(
            "",
            "unsigned",
            "verified",
            "invalid",
            "untrusted_signer",
            "skipped",
            "file",
            "tree",
            "path",
            "url",
            "github",
            "UNSIGNED",
            "2026-11-30T12:00:00Z",
            "2026-11-30T12:00:00+01:00",
            "9999-12-31T23:59:59.999999999Z",
            "-1000000000-01-01T00:00:00Z",
            StateFixtures.digest("x"),
            StateFixtures.digest("x").toUpperCase(),
            "bin/../x",
            "/abs",
            " ",
            "\u0000",
            "\ud800",
            "\ufeff",
            "😀");

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyInputDecodesAndRoundTripsOrIsRefusedAsUnreadableNeverAnythingElse() {
        long seed = FuzzRun.seed("StateDocumentFuzzTest");
        SplittableRandom random = new SplittableRandom(seed);
        List<JsonNode> trees = corpus();
        List<byte[]> documents =
                trees.stream().map(t -> StateJson.MAPPER.writeValueAsBytes(t)).toList();
        Mutations mutations = new Mutations(random, FRAGMENTS, documents);
        Map<String, Integer> outcomes = FuzzRun.run(
                "StateDocumentFuzzTest",
                seed,
                INPUTS,
                (i, how) -> {
                    int kind = random.nextInt(20);
                    if (kind == 0) {
                        how.append("random bytes");
                        return mutations.randomBytes(random.nextInt(600));
                    }
                    int pick = random.nextInt(trees.size());
                    how.append("seed ").append(pick).append(':');
                    byte[] input = kind < 8
                            ? mutations.mutate(documents.get(pick), how)
                            : WRITER.writeValueAsBytes(mutate(trees.get(pick), random, how));
                    if (kind >= 17) {
                        how.append(" | bytes:");
                        input = mutations.mutate(input, how);
                    }
                    return input;
                },
                StateDocumentFuzzTest::decodeOnce);
        assertTrue(
                INPUTS - outcomes.getOrDefault("refused", 0) > INPUTS / 20,
                "too few mutated documents still decoded: " + outcomes);
    }

    private static String decodeOnce(byte[] input, Supplier<String> which) {
        InstallState state;
        try {
            state = StateDecoder.decode(input, FILE);
        } catch (DocumentUnreadable e) {
            if (!FILE.equals(e.file())
                    || e.getMessage().contains("\n")
                    || !e.getMessage().startsWith(FILE + ": ")) {
                throw new AssertionError(
                        "a refusal that does not name the file in one line: " + e.getMessage() + "\n  for "
                                + which.get(),
                        e);
            }
            return "refused";
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("the decoder threw " + e + "\n  for " + which.get(), e);
        }
        InstallState again;
        try {
            again = StateDecoder.decode(StateJson.encode(state), FILE);
        } catch (RuntimeException e) {
            throw new AssertionError(
                    "a decoded document does not re-encode and decode (" + e + ")\n  for " + which.get(), e);
        }
        if (!again.equals(state)) {
            throw new AssertionError(
                    "a decoded document does not round-trip: " + state + " became " + again + "\n  for " + which.get());
        }
        return revalidate(state, which) ? "decoded" : "decoded, a manifest invalid";
    }

    /** What {@link StateStore} does on every read: re-validates each stored manifest. */
    private static boolean revalidate(InstallState state, Supplier<String> which) {
        boolean valid = true;
        for (PluginState plugin : state.plugins().values()) {
            for (Optional<InstallRecord> slot : List.of(plugin.current(), plugin.previous())) {
                if (slot.isEmpty() || slot.get().manifest().isEmpty()) {
                    continue;
                }
                try {
                    slot.get().manifest().get().validate("fuzz", slot.get().shape() == ArtifactShape.TREE);
                } catch (ManifestInvalid expected) {
                    valid = false;
                } catch (RuntimeException | StackOverflowError e) {
                    throw new AssertionError(
                            "re-validating a stored manifest threw " + e + "\n  for " + which.get(), e);
                }
            }
        }
        return valid;
    }

    /** A rich document, an empty one, and the rich one in the old form (bare signature status words). */
    private static List<JsonNode> corpus() {
        JsonNode rich = StateJson.MAPPER.readTree(StateJson.encode(StateFixtures.richState()));
        JsonNode old = rich.deepCopy();
        old.get("plugins").forEach(plugin -> {
            for (String slot : List.of("current", "previous")) {
                if (plugin.get(slot) instanceof ObjectNode record) {
                    record.put("signature", "unsigned");
                }
            }
        });
        JsonNode empty = StateJson.MAPPER.readTree(StateJson.encode(InstallState.empty()));
        return List.of(rich, old, empty);
    }

    /** A copy with 1 to 3 values removed, replaced, retyped or nested deeply. */
    private static JsonNode mutate(JsonNode template, SplittableRandom random, StringBuilder how) {
        JsonNode copy = template.deepCopy();
        for (int m = 1 + random.nextInt(3); m > 0; m--) {
            List<Object[]> slots = new ArrayList<>();
            collect(copy, slots);
            if (slots.isEmpty()) {
                break;
            }
            Object[] slot = slots.get(random.nextInt(slots.size()));
            JsonNode replacement = switch (random.nextInt(6)) {
                case 0 -> null;
                case 1 -> NODES.stringNode(WORDS.get(random.nextInt(WORDS.size())));
                case 2 -> boundaryNumber(random);
                case 3 -> randomValue(random, 2);
                case 4 -> deep(random);
                default ->
                    NODES.stringNode("x".repeat(random.nextBoolean() ? random.nextInt(100) : random.nextInt(5_000)));
            };
            how.append(' ')
                    .append(replacement == null ? "remove" : "set")
                    .append(' ')
                    .append(slot[1]);
            if (slot[0] instanceof ObjectNode object) {
                if (replacement == null) {
                    object.remove((String) slot[1]);
                } else {
                    object.set((String) slot[1], replacement);
                }
            } else if (slot[0] instanceof ArrayNode array) {
                if (replacement == null) {
                    array.remove((int) slot[1]);
                } else {
                    array.set((int) slot[1], replacement);
                }
            }
        }
        return copy;
    }

    private static void collect(JsonNode node, List<Object[]> slots) {
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> property : object.properties()) {
                slots.add(new Object[] {object, property.getKey()});
                collect(property.getValue(), slots);
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                slots.add(new Object[] {array, i});
                collect(array.get(i), slots);
            }
        }
    }

    private static JsonNode boundaryNumber(SplittableRandom random) {
        return switch (random.nextInt(8)) {
            case 0 -> NODES.numberNode(-1);
            case 1 -> NODES.numberNode(Long.MAX_VALUE);
            case 2 -> NODES.numberNode(Long.MIN_VALUE);
            case 3 -> NODES.numberNode(BigInteger.TWO.pow(64 + random.nextInt(200)));
            case 4 -> NODES.numberNode(1.5);
            case 5 -> NODES.numberNode(1e300 * (random.nextBoolean() ? 1 : -1));
            case 6 -> NODES.numberNode(Integer.MAX_VALUE + 1L);
            default -> NODES.numberNode(random.nextInt(3));
        };
    }

    /** Arrays or objects nested around the parser's depth limit. */
    private static JsonNode deep(SplittableRandom random) {
        JsonNode node = NODES.numberNode(1);
        int depth = random.nextBoolean() ? 485 + random.nextInt(30) : random.nextInt(50);
        for (int d = 0; d < depth; d++) {
            node = random.nextBoolean()
                    ? NODES.arrayNode().add(node)
                    : NODES.objectNode().set("name", node);
        }
        return node;
    }

    private static JsonNode randomValue(SplittableRandom random, int depth) {
        return switch (random.nextInt(depth > 0 ? 7 : 5)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(random.nextBoolean());
            case 2 -> boundaryNumber(random);
            case 3 -> NODES.stringNode(WORDS.get(random.nextInt(WORDS.size())));
            case 4 -> NODES.objectNode();
            case 5 -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(randomValue(random, depth - 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.set(
                            StateJson.RECORD_KEYS.get(random.nextInt(StateJson.RECORD_KEYS.size())),
                            randomValue(random, depth - 1));
                }
                yield object;
            }
        };
    }
}
