package dev.animus.rpc;

import java.util.SplittableRandom;

/**
 * Random JSON texts for the frame reader's property tests, written by hand rather than by Jackson
 * so that they cover what peers really emit: compact or pretty-printed with any JSON whitespace
 * (CR, LF, tab, space) between tokens, strings with raw multi-byte UTF-8 (including 4-byte
 * characters) and every escape form ({@code \n} and the other short escapes, {@code \/},
 * {@code \u00e9}, surrogate pairs), and the full number grammar (signs, fractions, exponents,
 * integers past {@code long}).
 */
final class JsonText {
    private static final String[] RAW = {"a", "Z", " ", "é", "中", "😀", "{", "}", "[", "]", ":", ",", "'", "#"};
    private static final String[] ESCAPES = {
        "\\n",
        "\\r",
        "\\t",
        "\\b",
        "\\f",
        "\\\"",
        "\\\\",
        "\\/",
        "\\u00e9",
        "\\u0000",
        "\\ud83d\\ude00",
        "\\u2028",
        "\\u000A"
    };
    private static final String[] PRETTY_SPACE = {" ", "\n", "\n  ", "\r\n\t", "  ", ""};

    private final SplittableRandom random;
    private boolean pretty;

    JsonText(SplittableRandom random) {
        this.random = random;
    }

    /** A frame: an object or an array, compact or pretty-printed. */
    String frame() {
        pretty = random.nextInt(3) == 0;
        StringBuilder out = new StringBuilder();
        if (random.nextBoolean()) {
            object(out, 0);
        } else {
            array(out, 0);
        }
        return out.toString();
    }

    /** A scalar value, as found at the root of a garbage line. */
    String scalar() {
        StringBuilder out = new StringBuilder();
        switch (random.nextInt(3)) {
            case 0 -> number(out);
            case 1 -> string(out);
            default -> out.append(random.nextBoolean() ? "true" : "null");
        }
        return out.toString();
    }

    /** A value that ends a truncated frame: never one that could continue on the next line. */
    String completeValue() {
        pretty = false;
        StringBuilder out = new StringBuilder();
        value(out, 2);
        return out.toString();
    }

    private void value(StringBuilder out, int depth) {
        int kind = random.nextInt(depth >= 3 ? 4 : 6);
        switch (kind) {
            case 0 -> string(out);
            case 1 -> number(out);
            case 2 -> out.append(random.nextBoolean() ? "true" : "false");
            case 3 -> out.append("null");
            case 4 -> object(out, depth + 1);
            default -> array(out, depth + 1);
        }
    }

    private void object(StringBuilder out, int depth) {
        out.append('{');
        int members = random.nextInt(5);
        for (int i = 0; i < members; i++) {
            if (i > 0) {
                space(out).append(',');
            }
            space(out);
            string(out);
            space(out).append(':');
            space(out);
            value(out, depth);
        }
        space(out).append('}');
    }

    private void array(StringBuilder out, int depth) {
        out.append('[');
        int elements = random.nextInt(5);
        for (int i = 0; i < elements; i++) {
            if (i > 0) {
                space(out).append(',');
            }
            space(out);
            value(out, depth);
        }
        space(out).append(']');
    }

    void string(StringBuilder out) {
        out.append('"');
        int length = random.nextInt(12);
        for (int i = 0; i < length; i++) {
            out.append(random.nextInt(4) == 0 ? pick(ESCAPES) : pick(RAW));
        }
        out.append('"');
    }

    private void number(StringBuilder out) {
        if (random.nextBoolean()) {
            out.append('-');
        }
        if (random.nextInt(4) == 0) {
            out.append('0');
        } else {
            out.append(1 + random.nextInt(9));
            digits(out, random.nextInt(random.nextInt(10) == 0 ? 25 : 6));
        }
        if (random.nextInt(3) == 0) {
            out.append('.');
            digits(out, 1 + random.nextInt(6));
        }
        if (random.nextInt(4) == 0) {
            out.append(random.nextBoolean() ? 'e' : 'E').append(pick(new String[] {"", "+", "-"}));
            digits(out, 1 + random.nextInt(2));
        }
    }

    private void digits(StringBuilder out, int count) {
        for (int i = 0; i < count; i++) {
            out.append(random.nextInt(10));
        }
    }

    private StringBuilder space(StringBuilder out) {
        if (pretty) {
            out.append(pick(PRETTY_SPACE));
        } else if (random.nextInt(8) == 0) {
            out.append(' ');
        }
        return out;
    }

    String pick(String[] choices) {
        return choices[random.nextInt(choices.length)];
    }
}
