package dev.animus.rpc;

import dev.animus.json.ExactJson;
import dev.animus.json.ExactNumberNode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds the {@link JsonNode} tree of a frame that {@link FrameScanner} already validated: no
 * grammar checks are repeated, so it is a plain recursive descent over one byte array (depth is
 * bounded by the scanner). It yields the same trees as Jackson's {@code readTree} (the property
 * tests compare them) except for numbers that Jackson would rewrite, which are kept as written
 * ({@link ExactJson#number}): {@code IntNode}/{@code LongNode}/{@code BigIntegerNode} by magnitude,
 * {@code DoubleNode} for fractions and exponents spelled as Java prints them, an
 * {@link ExactNumberNode} for the others; last duplicate key wins. About half the cost of
 * {@code readTree} on protocol-sized frames (185 ns against 345 ns for a 70-byte response,
 * docs/performance.md), which matters at hundreds of thousands of frames per second. Numbers of more than 18 digits and strings holding non-ASCII bytes take the slower,
 * exact paths ({@link java.math.BigInteger}, a strict UTF-8 decoder).
 *
 * <p>Stateless and thread-safe.
 */
final class FrameParser {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final byte[] b;
    private int i;

    private FrameParser(byte[] bytes, int offset) {
        this.b = bytes;
        this.i = offset;
    }

    /**
     * The tree of a scanner-validated frame.
     *
     * @throws IllegalArgumentException if a string is not valid UTF-8 (the frame is malformed)
     */
    static JsonNode parse(byte[] bytes, int offset, int length) {
        return new FrameParser(bytes, offset).value();
    }

    private JsonNode value() {
        skipSpace();
        return switch (b[i]) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> NODES.stringNode(string());
            case 't' -> literal(4, NODES.booleanNode(true));
            case 'f' -> literal(5, NODES.booleanNode(false));
            case 'n' -> literal(4, NODES.nullNode());
            default -> number();
        };
    }

    private ObjectNode object() {
        ObjectNode node = NODES.objectNode();
        i++;
        skipSpace();
        if (b[i] == '}') {
            i++;
            return node;
        }
        while (true) {
            skipSpace();
            String key = string();
            skipSpace();
            i++; // ':'
            node.set(key, value());
            skipSpace();
            if (b[i++] == '}') {
                return node;
            }
        }
    }

    private ArrayNode array() {
        ArrayNode node = NODES.arrayNode();
        i++;
        skipSpace();
        if (b[i] == ']') {
            i++;
            return node;
        }
        while (true) {
            node.add(value());
            skipSpace();
            if (b[i++] == ']') {
                return node;
            }
        }
    }

    private JsonNode literal(int length, JsonNode node) {
        i += length;
        return node;
    }

    private String string() {
        int start = ++i;
        while (true) {
            byte c = b[i];
            if (c == '"') {
                i++;
                return new String(b, start, i - 1 - start, StandardCharsets.ISO_8859_1);
            }
            if (c == '\\' || c < 0) {
                return slowString(start);
            }
            i++;
        }
    }

    /** A string with escapes or non-ASCII bytes, from its first content byte. */
    private String slowString(int start) {
        StringBuilder out = new StringBuilder(Math.max(16, i - start + 16));
        int run = start;
        while (true) {
            byte c = b[i];
            if (c == '"' || c == '\\') {
                out.append(decode(run, i));
                if (c == '"') {
                    i++;
                    return out.toString();
                }
                i++;
                escape(out);
                run = i;
            } else {
                i++;
            }
        }
    }

    private void escape(StringBuilder out) {
        byte e = b[i++];
        switch (e) {
            case 'b' -> out.append('\b');
            case 'f' -> out.append('\f');
            case 'n' -> out.append('\n');
            case 'r' -> out.append('\r');
            case 't' -> out.append('\t');
            case 'u' -> {
                out.append((char) Integer.parseInt(new String(b, i, 4, StandardCharsets.ISO_8859_1), 16));
                i += 4;
            }
            default -> out.append((char) e); // '"', '\\', '/'
        }
    }

    /** Strict UTF-8 decoding: invalid bytes make the frame malformed, as Jackson would. */
    private String decode(int from, int to) {
        if (from == to) {
            return "";
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, from, to - from))
                    .toString();
        } catch (CharacterCodingException invalid) {
            throw new IllegalArgumentException("invalid UTF-8 in a string", invalid);
        }
    }

    private JsonNode number() {
        int start = i;
        boolean integral = true;
        while (i < b.length) {
            byte c = b[i];
            if (c >= '0' && c <= '9' || c == '-') {
                i++;
            } else if (c == '.' || c == 'e' || c == 'E' || c == '+') {
                integral = false;
                i++;
            } else {
                break;
            }
        }
        int length = i - start;
        if (integral && length <= 18 && !(length == 2 && b[start] == '-' && b[start + 1] == '0')) {
            long value = parseLong(start, i);
            return value == (int) value ? NODES.numberNode((int) value) : NODES.numberNode(value);
        }
        return ExactJson.number(new String(b, start, length, StandardCharsets.ISO_8859_1));
    }

    private long parseLong(int from, int to) {
        boolean negative = b[from] == '-';
        long value = 0;
        for (int j = negative ? from + 1 : from; j < to; j++) {
            value = value * 10 + (b[j] - '0');
        }
        return negative ? -value : value;
    }

    private void skipSpace() {
        byte c = b[i];
        while (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            c = b[++i];
        }
    }
}
