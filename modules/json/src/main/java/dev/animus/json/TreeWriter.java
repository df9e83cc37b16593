package dev.animus.json;

import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;

/**
 * Writes a tree through a streaming generator, token for token as the tree's own {@code serialize}
 * would, without a mapper: building Jackson's mapper loads some 500 classes, most of what a short
 * command that prints one document costs (docs/performance.md#the-daemon-benchdaemon-issue-20). Numbers kept as written
 * ({@link ExactNumberNode}) are written as their text.
 *
 * <p>Stateless and thread-safe; the generator is the caller's.
 */
public final class TreeWriter {
    private TreeWriter() {}

    /** Whether {@link #write} can write {@code tree}: it holds no POJO or missing node. */
    public static boolean writable(JsonNode tree) {
        return switch (tree.getNodeType()) {
            case OBJECT, ARRAY -> {
                for (JsonNode child : tree.values()) {
                    if (!writable(child)) {
                        yield false;
                    }
                }
                yield true;
            }
            case POJO, MISSING -> false;
            default -> true;
        };
    }

    /**
     * Writes {@code tree} to {@code g}.
     *
     * @throws IllegalArgumentException when the tree holds a node {@link #writable} refuses
     */
    public static void write(JsonNode tree, JsonGenerator g) throws JacksonException {
        switch (tree.getNodeType()) {
            case OBJECT -> {
                g.writeStartObject(tree);
                for (Map.Entry<String, JsonNode> property : tree.properties()) {
                    g.writeName(property.getKey());
                    write(property.getValue(), g);
                }
                g.writeEndObject();
            }
            case ARRAY -> {
                g.writeStartArray(tree, tree.size());
                for (JsonNode element : tree.values()) {
                    write(element, g);
                }
                g.writeEndArray();
            }
            case STRING -> g.writeString(tree.stringValue());
            case BOOLEAN -> g.writeBoolean(tree.booleanValue());
            case NULL -> g.writeNull();
            case BINARY -> g.writeBinary(tree.binaryValue());
            case NUMBER -> number(tree, g);
            case POJO, MISSING ->
                throw new IllegalArgumentException("a " + tree.getNodeType() + " node is written by a mapper only");
        }
    }

    private static void number(JsonNode n, JsonGenerator g) {
        if (n instanceof ExactNumberNode exact) {
            g.writeNumber(exact.text());
            return;
        }
        switch (n.numberType()) {
            case INT -> g.writeNumber(n.intValue());
            case LONG -> g.writeNumber(n.longValue());
            case BIG_INTEGER -> g.writeNumber(n.bigIntegerValue());
            case FLOAT -> g.writeNumber(n.floatValue());
            case DOUBLE -> g.writeNumber(n.doubleValue());
            case BIG_DECIMAL -> g.writeNumber(n.decimalValue());
        }
    }
}
