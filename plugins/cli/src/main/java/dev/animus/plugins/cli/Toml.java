package dev.animus.plugins.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A strict reader of the subset of TOML 1.0 a small configuration file needs: comments, bare and
 * quoted keys (dotted too), {@code [table]} headers, basic and literal one-line strings, whole
 * numbers, booleans and arrays (over several lines, with a trailing comma). Everything else TOML
 * has (floats, dates, inline tables, arrays of tables, multi-line strings) is refused with a
 * {@link TomlException} that names the line, never misread. Stateless; a plugin cannot reach the
 * host's TOML library.
 *
 * <p>Values: {@code String}, {@code Long}, {@code Boolean}, {@code List<Object>} and, for tables,
 * {@code Map<String, Object>} in document order.
 */
final class Toml {

    private final String text;
    private final Map<String, Object> root = new LinkedHashMap<>();
    private final Set<Map<String, Object>> headed = Collections.newSetFromMap(new IdentityHashMap<>());
    private Map<String, Object> current = root;
    private int pos;
    private int line = 1;

    private Toml(String text) {
        this.text = text;
    }

    /** The document {@code text} as nested maps. */
    static Map<String, Object> parse(String text) {
        var reader = new Toml(text);
        reader.document();
        return reader.root;
    }

    private void document() {
        while (true) {
            skipBlank(true);
            if (eof()) {
                return;
            }
            if (peek() == '[') {
                header();
            } else {
                keyValue();
            }
            lineEnd();
        }
    }

    private void header() {
        pos++;
        if (!eof() && peek() == '[') {
            throw fail("arrays of tables ([[...]]) are not supported here");
        }
        skipBlank(false);
        List<String> keys = keyPath();
        skipBlank(false);
        expect(']', "']' to close the table header");
        Map<String, Object> table = root;
        for (String key : keys) {
            table = child(table, key);
        }
        if (!headed.add(table)) {
            throw fail("table [" + String.join(".", keys) + "] is defined twice");
        }
        current = table;
    }

    private void keyValue() {
        List<String> keys = keyPath();
        skipBlank(false);
        expect('=', "'=' after the key");
        skipBlank(false);
        Object value = value();
        Map<String, Object> table = current;
        for (String key : keys.subList(0, keys.size() - 1)) {
            table = child(table, key);
        }
        String last = keys.getLast();
        if (table.containsKey(last)) {
            throw fail("key '" + String.join(".", keys) + "' is defined twice");
        }
        table.put(last, value);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> child(Map<String, Object> table, String key) {
        Object existing = table.get(key);
        if (existing == null) {
            Map<String, Object> created = new LinkedHashMap<>();
            table.put(key, created);
            return created;
        }
        if (existing instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw fail("key '" + key + "' is a value, not a table");
    }

    private List<String> keyPath() {
        List<String> keys = new ArrayList<>();
        keys.add(key());
        while (true) {
            int mark = pos;
            skipBlank(false);
            if (!eof() && peek() == '.') {
                pos++;
                skipBlank(false);
                keys.add(key());
            } else {
                pos = mark;
                return keys;
            }
        }
    }

    private String key() {
        if (eof()) {
            throw fail("expected a key");
        }
        char c = peek();
        if (c == '"') {
            return basicString();
        }
        if (c == '\'') {
            return literalString();
        }
        int start = pos;
        while (!eof() && isBare(peek())) {
            pos++;
        }
        if (start == pos) {
            throw fail("expected a key (letters, digits, '_' or '-', or a quoted string)");
        }
        return text.substring(start, pos);
    }

    private Object value() {
        if (eof()) {
            throw fail("expected a value");
        }
        char c = peek();
        return switch (c) {
            case '"' -> {
                if (text.startsWith("\"\"\"", pos)) {
                    throw fail("multi-line strings are not supported here");
                }
                yield basicString();
            }
            case '\'' -> {
                if (text.startsWith("'''", pos)) {
                    throw fail("multi-line strings are not supported here");
                }
                yield literalString();
            }
            case '[' -> array();
            case '{' -> throw fail("inline tables ({...}) are not supported here");
            case 't', 'f' -> bool();
            default -> {
                if (c == '+' || c == '-' || (c >= '0' && c <= '9')) {
                    yield integer();
                }
                throw fail("expected a value: a \"string\", a whole number, true, false or [an, array]");
            }
        };
    }

    private List<Object> array() {
        pos++;
        List<Object> items = new ArrayList<>();
        while (true) {
            skipBlank(true);
            if (eof()) {
                throw fail("the array is not closed with ']'");
            }
            if (peek() == ']') {
                pos++;
                return Collections.unmodifiableList(items);
            }
            items.add(value());
            skipBlank(true);
            if (eof()) {
                throw fail("the array is not closed with ']'");
            }
            if (peek() == ',') {
                pos++;
            } else if (peek() != ']') {
                throw fail("expected ',' or ']' in the array");
            }
        }
    }

    private Boolean bool() {
        for (String word : List.of("true", "false")) {
            if (text.startsWith(word, pos)
                    && (pos + word.length() == text.length() || !isBare(text.charAt(pos + word.length())))) {
                pos += word.length();
                return word.equals("true");
            }
        }
        throw fail("expected a value: true or false (lower case), or a \"quoted string\"");
    }

    private Long integer() {
        int start = pos;
        if (peek() == '+' || peek() == '-') {
            pos++;
        }
        int digitsStart = pos;
        boolean lastDigit = false;
        while (!eof() && (Character.isDigit(peek()) && peek() < 128 || peek() == '_')) {
            if (peek() == '_' && !lastDigit) {
                throw fail("'_' in a number must stand between digits");
            }
            lastDigit = peek() != '_';
            pos++;
        }
        String digits = text.substring(digitsStart, pos).replace("_", "");
        if (digits.isEmpty() || !lastDigit) {
            throw fail("expected a whole number");
        }
        if (!eof() && (isBare(peek()) || peek() == '.' || peek() == ':')) {
            throw fail("only whole numbers are supported here (no floats, dates, hex or units)");
        }
        if (digits.length() > 1 && digits.charAt(0) == '0') {
            throw fail("a whole number must not start with 0");
        }
        try {
            return Long.parseLong(text.charAt(start) == '-' ? "-" + digits : digits);
        } catch (NumberFormatException e) {
            throw fail("the number does not fit in 64 bits");
        }
    }

    private String basicString() {
        pos++;
        var out = new StringBuilder();
        while (true) {
            if (eof() || peek() == '\n' || peek() == '\r') {
                throw fail("the string is not closed with '\"' on its line");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c == '\\') {
                escape(out);
            } else {
                checkControl(c);
                out.append(c);
            }
        }
    }

    private void escape(StringBuilder out) {
        if (eof()) {
            throw fail("the string ends in the middle of an escape");
        }
        char e = text.charAt(pos++);
        switch (e) {
            case 'b' -> out.append('\b');
            case 't' -> out.append('\t');
            case 'n' -> out.append('\n');
            case 'f' -> out.append('\f');
            case 'r' -> out.append('\r');
            case '"' -> out.append('"');
            case '\\' -> out.append('\\');
            case 'u' -> out.appendCodePoint(unicode(4));
            case 'U' -> out.appendCodePoint(unicode(8));
            default -> throw fail("unknown escape '\\" + e + "' (use \\\\ for a backslash)");
        }
    }

    private int unicode(int digits) {
        if (pos + digits > text.length()) {
            throw fail("\\u needs " + digits + " hex digits");
        }
        String hex = text.substring(pos, pos + digits);
        if (!hex.chars().allMatch(ch -> Character.digit(ch, 16) >= 0 && ch < 128)) {
            throw fail("\\u needs " + digits + " hex digits, got '" + hex + "'");
        }
        pos += digits;
        long cp = Long.parseLong(hex, 16);
        if (cp > Character.MAX_CODE_POINT || (cp >= 0xD800 && cp <= 0xDFFF)) {
            throw fail("\\u" + hex + " is not a Unicode scalar value");
        }
        return (int) cp;
    }

    private String literalString() {
        pos++;
        int start = pos;
        while (true) {
            if (eof() || peek() == '\n' || peek() == '\r') {
                throw fail("the string is not closed with \"'\" on its line");
            }
            char c = text.charAt(pos++);
            if (c == '\'') {
                return text.substring(start, pos - 1);
            }
            checkControl(c);
        }
    }

    private void checkControl(char c) {
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            throw fail("control character U+%04X in a string; write it as an escape".formatted((int) c));
        }
    }

    /** After a header or a key/value: blanks, a comment, then a newline or the end. */
    private void lineEnd() {
        skipSpaces();
        if (!eof() && peek() == '#') {
            comment();
        }
        if (eof()) {
            return;
        }
        if (!newline()) {
            throw fail("expected the end of the line after the value (a second value needs a line of its own)");
        }
    }

    /** Spaces and tabs; with {@code newlines}, also newlines and comments. */
    private void skipBlank(boolean newlines) {
        while (!eof()) {
            char c = peek();
            if (c == ' ' || c == '\t') {
                pos++;
            } else if (newlines && c == '#') {
                comment();
            } else if (!newlines || !newline()) {
                return;
            }
        }
    }

    private void skipSpaces() {
        skipBlank(false);
    }

    private void comment() {
        while (!eof() && peek() != '\n' && peek() != '\r') {
            checkControl(peek());
            pos++;
        }
    }

    private boolean newline() {
        if (peek() == '\n') {
            pos++;
            line++;
            return true;
        }
        if (peek() == '\r') {
            if (pos + 1 < text.length() && text.charAt(pos + 1) == '\n') {
                pos += 2;
                line++;
                return true;
            }
            throw fail("a carriage return must be followed by a newline");
        }
        return false;
    }

    private void expect(char c, String what) {
        if (eof() || peek() != c) {
            throw fail("expected " + what);
        }
        pos++;
    }

    private boolean eof() {
        return pos >= text.length();
    }

    private char peek() {
        return text.charAt(pos);
    }

    private static boolean isBare(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }

    private TomlException fail(String message) {
        return new TomlException(line, message);
    }
}
