package dev.animus.json;

import java.math.BigInteger;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON text to trees whose numbers are kept as written, so that what the host passes on (params
 * to a plugin, a plugin's results and notifications to the caller) and what a plugin written with
 * the sdk returns of its params is what it was given, number for number. Jackson's own trees rewrite numbers: {@code 1e1000000} becomes the double infinity
 * (then the string {@code "Infinity"}), a long fraction is cut to the nearest double, {@code 1E+2}
 * becomes {@code 100.0}. Here a number becomes:
 * <ul>
 *   <li>an {@code IntNode}, {@code LongNode} or {@code BigIntegerNode} when it is an integer
 *       (these print exactly as JSON writes integers), except {@code -0} and integers of more
 *       than {@value #MAX_PARSED_DIGITS} digits;
 *   <li>a {@code DoubleNode} when it is the very text Java prints for its double ({@code 2.5},
 *       {@code -0.0}, {@code 1.0E10}): the common case keeps Jackson's node, and its printing;
 *   <li>an {@link ExactNumberNode}, which prints its text byte for byte, otherwise.
 * </ul>
 * So every number prints exactly as it was read, exponent spelling and sign of zero included.
 *
 * <p>Stateless and thread-safe.
 */
public final class ExactJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /**
     * The streaming parser's factory alone: a command that only reads JSON text needs no mapper, whose
     * construction loads some 500 classes (docs/performance.md#the-daemon-benchdaemon-issue-20).
     */
    private static final JsonFactory FACTORY = new JsonFactory();
    /** Integers up to this many digits become exact BigInteger nodes; longer ones stay text (parsing them is quadratic). */
    static final int MAX_PARSED_DIGITS = 1000;
    /** No double prints longer than this (Double.toString), so a longer fraction is never one. */
    private static final int LONGEST_DOUBLE = 26;

    private ExactJson() {}

    /**
     * The tree of one JSON value (RFC 8259), with numbers kept as written.
     *
     * @throws JacksonException if the text is not JSON
     * @throws IllegalArgumentException if it holds no value, or more than one
     */
    public static JsonNode parse(String text) {
        try (JsonParser p = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new IllegalArgumentException("no JSON value (the text is empty)");
            }
            JsonNode value = value(p, first);
            if (p.nextToken() != null) {
                throw new IllegalArgumentException("unexpected text after the JSON value at offset "
                        + p.currentTokenLocation().getCharOffset());
            }
            return value;
        }
    }

    /**
     * Every JSON value {@code parser} reads, in order, with numbers kept as written.
     *
     * @param sink receives each value as soon as it is complete
     * @throws JacksonException at the first bytes that are not JSON; the values before them were
     *     delivered already
     */
    public static void values(JsonParser parser, Consumer<JsonNode> sink) {
        for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
            sink.accept(value(parser, t));
        }
    }

    /** The node for one JSON number, from its text (already known to follow the JSON grammar). */
    public static JsonNode number(String text) {
        boolean integral = true;
        for (int k = 0; k < text.length() && integral; k++) {
            char c = text.charAt(k);
            integral = c != '.' && c != 'e' && c != 'E';
        }
        if (integral) {
            return integer(text);
        }
        if (text.length() <= LONGEST_DOUBLE) {
            double d = Double.parseDouble(text);
            if (Double.toString(d).equals(text)) {
                return NODES.numberNode(d);
            }
        }
        return new ExactNumberNode(text);
    }

    private static JsonNode integer(String text) {
        boolean negative = text.charAt(0) == '-';
        int digits = text.length() - (negative ? 1 : 0);
        if (negative && text.equals("-0") || digits > MAX_PARSED_DIGITS) {
            return new ExactNumberNode(text);
        }
        if (digits <= 18) {
            long v = Long.parseLong(text);
            return v == (int) v ? NODES.numberNode((int) v) : NODES.numberNode(v);
        }
        BigInteger v = new BigInteger(text);
        return v.bitLength() < 64 ? NODES.numberNode(v.longValue()) : NODES.numberNode(v);
    }

    /** The value that starts at {@code token}; recursion is bounded by the parser's nesting limit. */
    static JsonNode value(JsonParser p, JsonToken token) {
        return switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                    String name = p.currentName();
                    object.set(name, value(p, p.nextToken()));
                }
                yield object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    array.add(value(p, t));
                }
                yield array;
            }
            case VALUE_STRING -> NODES.stringNode(p.getString());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> number(p.getString());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new IllegalStateException("unexpected token " + token);
        };
    }
}
