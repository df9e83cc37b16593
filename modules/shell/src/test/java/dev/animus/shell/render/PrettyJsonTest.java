package dev.animus.shell.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.animus.json.ExactJson;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code --json} documents are printed without Jackson's mapper ({@link Terminal#pretty}); they must
 * be the very text the mapper prints, for any tree: seeded random trees of every plain node type,
 * numbers kept as written, strings with the characters the terminal-safe escapes rewrite.
 */
class PrettyJsonTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] NUMBERS = {"1e1000000", "-0", "1E+2", "0.1000000000000000000000000001", "2.5", "-0.0"
    };

    @Test
    void theGeneratorAloneWritesWhatTheMapperWrites() {
        long seed = Long.getLong("animus.seed", 20261202L);
        Random random = new Random(seed);
        for (int i = 0; i < 2_000; i++) {
            JsonNode tree = tree(random, 0);
            assertEquals(Terminal.prettyByMapper(tree), Terminal.pretty(tree), "seed " + seed + ", tree " + i);
        }
    }

    @Test
    void emptyContainersAndScalarsAtTheTop() {
        for (JsonNode n : new JsonNode[] {
            NODES.objectNode(), NODES.arrayNode(), NODES.nullNode(), NODES.stringNode("\u001b[31m"), NODES.numberNode(7)
        }) {
            assertEquals(Terminal.prettyByMapper(n), Terminal.pretty(n));
        }
    }

    private static JsonNode tree(Random r, int depth) {
        int kind = depth > 4 ? 2 + r.nextInt(9) : r.nextInt(11);
        return switch (kind) {
            case 0 -> {
                ObjectNode o = NODES.objectNode();
                for (int k = r.nextInt(5); k > 0; k--) {
                    o.set(text(r), tree(r, depth + 1));
                }
                yield o;
            }
            case 1 -> {
                ArrayNode a = NODES.arrayNode();
                for (int k = r.nextInt(5); k > 0; k--) {
                    a.add(tree(r, depth + 1));
                }
                yield a;
            }
            case 2 -> NODES.stringNode(text(r));
            case 3 -> NODES.numberNode(r.nextInt());
            case 4 -> NODES.numberNode(r.nextLong());
            case 5 -> NODES.numberNode(BigInteger.valueOf(r.nextLong()).pow(3));
            case 6 -> NODES.numberNode(r.nextDouble() * Math.pow(10, r.nextInt(40) - 20));
            case 7 -> NODES.numberNode(new BigDecimal(BigInteger.valueOf(r.nextLong()), r.nextInt(30) - 10));
            case 8 -> ExactJson.parse(NUMBERS[r.nextInt(NUMBERS.length)]);
            case 9 -> NODES.booleanNode(r.nextBoolean());
            default -> NODES.nullNode();
        };
    }

    /** Mostly plain text, with control characters, DEL, C1 controls, quotes, backslashes and non-ASCII. */
    private static String text(Random r) {
        String alphabet = "ab \"\\/\u0000\u0007\u001b\n\t\u007f\u0085\u009b\u00e9\u4e2d\u2028\ud83d\ude00";
        StringBuilder b = new StringBuilder();
        for (int k = r.nextInt(8); k > 0; k--) {
            int at = r.nextInt(alphabet.length());
            char c = alphabet.charAt(at);
            if (Character.isHighSurrogate(c) && at + 1 < alphabet.length()) {
                b.append(c).append(alphabet.charAt(at + 1));
            } else if (!Character.isSurrogate(c)) {
                b.append(c);
            }
        }
        return b.toString();
    }
}
