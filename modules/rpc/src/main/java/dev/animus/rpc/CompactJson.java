package dev.animus.rpc;

import dev.animus.json.ExactNumberNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a tree as compact UTF-8 JSON straight into the writer's buffer: no generator, no
 * intermediate arrays, escapes only where JSON requires them (quote, backslash, control
 * characters; a lone surrogate becomes a {@code \\uXXXX} escape so the output stays valid UTF-8).
 * Numbers kept as written ({@link ExactNumberNode}) are written as their text, byte for byte.
 * Trees holding anything but objects, arrays, strings, booleans, nulls, ints, longs, big integers,
 * exact numbers and finite doubles (binary, POJO, missing, float, decimal nodes) are handed to Jackson whole,
 * so the output is always what Jackson would accept back as the same tree.
 *
 * <p>Stateless and thread-safe; the sink is the caller's.
 */
final class CompactJson {
    /** Built on first use only (a tree of other nodes): the mapper loads some 500 classes. */
    private static final class Fallback {
        static final JsonMapper JSON = JsonMapper.shared();

        private Fallback() {}
    }

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private CompactJson() {}

    /** Appends the tree to the sink. */
    static void write(JsonNode tree, ByteSink out) {
        int start = out.size();
        if (!tryWrite(tree, out)) {
            out.truncate(start);
            Fallback.JSON.writeValue(out, tree);
        }
    }

    private static boolean tryWrite(JsonNode node, ByteSink out) {
        return switch (node.getNodeType()) {
            case OBJECT -> object(node, out);
            case ARRAY -> array(node, out);
            case STRING -> {
                string(node.stringValue(), out);
                yield true;
            }
            case NUMBER -> number(node, out);
            case BOOLEAN -> ascii(node.booleanValue() ? "true" : "false", out);
            case NULL -> ascii("null", out);
            case BINARY, POJO, MISSING -> false;
        };
    }

    private static boolean object(JsonNode node, ByteSink out) {
        out.write('{');
        boolean first = true;
        for (Map.Entry<String, JsonNode> property : node.properties()) {
            if (!first) {
                out.write(',');
            }
            first = false;
            string(property.getKey(), out);
            out.write(':');
            if (!tryWrite(property.getValue(), out)) {
                return false;
            }
        }
        out.write('}');
        return true;
    }

    private static boolean array(JsonNode node, ByteSink out) {
        out.write('[');
        for (int k = 0; k < node.size(); k++) {
            if (k > 0) {
                out.write(',');
            }
            if (!tryWrite(node.get(k), out)) {
                return false;
            }
        }
        out.write(']');
        return true;
    }

    private static boolean number(JsonNode node, ByteSink out) {
        return switch (node.numberType()) {
            case INT -> ascii(Integer.toString(node.intValue()), out);
            case LONG -> ascii(Long.toString(node.longValue()), out);
            case BIG_INTEGER -> ascii(node.bigIntegerValue().toString(), out);
            case DOUBLE -> Double.isFinite(node.doubleValue()) && ascii(Double.toString(node.doubleValue()), out);
            case BIG_DECIMAL -> node instanceof ExactNumberNode exact && ascii(exact.text(), out);
            case FLOAT -> false;
        };
    }

    private static boolean ascii(String text, ByteSink out) {
        for (int k = 0; k < text.length(); k++) {
            out.write(text.charAt(k));
        }
        return true;
    }

    static void string(String s, ByteSink out) {
        out.write('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                out.write(c);
            } else if (c < 0x80) {
                escapeAscii(c, out);
            } else if (c < 0x800) {
                out.write(0xC0 | (c >> 6));
                out.write(0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c)
                    && k + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(k + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++k));
                out.write(0xF0 | (cp >> 18));
                out.write(0x80 | ((cp >> 12) & 0x3F));
                out.write(0x80 | ((cp >> 6) & 0x3F));
                out.write(0x80 | (cp & 0x3F));
            } else if (Character.isSurrogate(c)) {
                unicodeEscape(c, out);
            } else {
                out.write(0xE0 | (c >> 12));
                out.write(0x80 | ((c >> 6) & 0x3F));
                out.write(0x80 | (c & 0x3F));
            }
        }
        out.write('"');
    }

    private static void escapeAscii(char c, ByteSink out) {
        switch (c) {
            case '"' -> ascii("\\\"", out);
            case '\\' -> ascii("\\\\", out);
            case '\n' -> ascii("\\n", out);
            case '\r' -> ascii("\\r", out);
            case '\t' -> ascii("\\t", out);
            case '\b' -> ascii("\\b", out);
            case '\f' -> ascii("\\f", out);
            default -> unicodeEscape(c, out);
        }
    }

    private static void unicodeEscape(char c, ByteSink out) {
        out.write('\\');
        out.write('u');
        out.write(HEX[(c >> 12) & 0xF]);
        out.write(HEX[(c >> 8) & 0xF]);
        out.write(HEX[(c >> 4) & 0xF]);
        out.write(HEX[c & 0xF]);
    }
}
