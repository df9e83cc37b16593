package dev.animus.plugins.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TomlTest {

    @Test
    void theSubsetACliTomlUsesReadsAsWritten() {
        var doc = Toml.parse("""
                # the agent
                command = ["sh", "-c", 'tr a-z A-Z']   # a comment after a value
                prompt = "stdin"
                retries = -1_000
                on = true

                [models."llama3.2:1b"]
                command = [
                  "ollama", "run",   # several lines
                  "llama3.2:1b",
                ]
                [models.fast]
                stderr = "log"
                """);
        assertEquals(List.of("sh", "-c", "tr a-z A-Z"), doc.get("command"));
        assertEquals("stdin", doc.get("prompt"));
        assertEquals(-1000L, doc.get("retries"));
        assertEquals(true, doc.get("on"));
        var models = (Map<?, ?>) doc.get("models");
        assertEquals(List.of("llama3.2:1b", "fast"), List.copyOf(models.keySet()));
        assertEquals(List.of("ollama", "run", "llama3.2:1b"), ((Map<?, ?>) models.get("llama3.2:1b")).get("command"));
    }

    @Test
    void escapesAreDecoded() {
        assertEquals(
                "a\"b\\c\td\ne\u00e9\uD83D\uDE00",
                Toml.parse("k = \"a\\\"b\\\\c\\td\\ne\\u00e9\\U0001F600\"").get("k"));
        assertEquals("C:\\no\\escapes", Toml.parse("k = 'C:\\no\\escapes'").get("k"));
    }

    @Test
    void whatTheSubsetLacksIsRefusedWithItsLine() {
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("a = 1.5", "line 1: only whole numbers");
        refused.put("a = 1979-05-27", "line 1: only whole numbers");
        refused.put("a = {b = 1}", "line 1: inline tables");
        refused.put("[[a]]", "line 1: arrays of tables");
        refused.put("a = \"\"\"x\"\"\"", "line 1: multi-line strings");
        refused.put("\na = 1\na = 2", "line 3: key 'a' is defined twice");
        refused.put("[t]\n[t]", "line 2: table [t] is defined twice");
        refused.put("a = 1\n[a]", "line 2: key 'a' is a value");
        refused.put("a = \"open", "line 1: the string is not closed");
        refused.put("a = [1, 2", "line 1: the array is not closed");
        refused.put("a = 1 b = 2", "line 1: expected the end of the line");
        refused.put("a = \"\\q\"", "line 1: unknown escape");
        refused.put("a = \"\\uD800\"", "line 1: \\uD800 is not a Unicode scalar value");
        refused.put("a = 01", "line 1: a whole number must not start with 0");
        refused.put("a = 1__0", "line 1: '_' in a number must stand between digits");
        refused.put("a = 99999999999999999999", "line 1: the number does not fit");
        refused.put("a = True", "line 1: expected a value");
        refused.put("= 1", "line 1: expected a key");
        refused.put("a = \"x\u0001\"", "line 1: control character U+0001");
        refused.put("a = 1\r", "line 1: a carriage return");
        refused.forEach((text, message) -> {
            var e = assertThrows(TomlException.class, () -> Toml.parse(text), text);
            assertTrue(e.getMessage().startsWith(message), text + " -> " + e.getMessage());
        });
    }

    /** A random document of the subset, as values. */
    private static Map<String, Object> randomTable(Random random, int depth) {
        Map<String, Object> table = new LinkedHashMap<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
            table.put(randomKey(random), randomValue(random, 2));
        }
        if (depth > 0) {
            int tables = random.nextInt(3);
            for (int i = 0; i < tables; i++) {
                table.putIfAbsent(randomKey(random) + "_t", randomTable(random, depth - 1));
            }
        }
        return table;
    }

    private static Object randomValue(Random random, int depth) {
        return switch (random.nextInt(depth > 0 ? 4 : 3)) {
            case 0 -> randomString(random);
            case 1 -> random.nextLong();
            case 2 -> random.nextBoolean();
            default -> {
                List<Object> items = new ArrayList<>();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    items.add(randomValue(random, depth - 1));
                }
                yield items;
            }
        };
    }

    private static String randomKey(Random random) {
        return random.nextInt(3) == 0 ? randomString(random) : "k" + random.nextInt(1000);
    }

    private static String randomString(Random random) {
        String alphabet = "ab \t\"\\'#=[]{}.,\n\r\u00e9\u4e2d\uD83D\uDE00\u0001\u007f";
        var s = new StringBuilder();
        int n = random.nextInt(8);
        for (int i = 0; i < n; i++) {
            int at = random.nextInt(alphabet.length());
            char c = alphabet.charAt(at);
            if (Character.isHighSurrogate(c)) {
                s.append(c).append(alphabet.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                s.append(c);
            }
        }
        return s.toString();
    }

    /** {@code doc} written as TOML, with random blanks and comments. */
    private static String write(Map<String, Object> doc, Random random) {
        var out = new StringBuilder();
        writeTable(doc, List.of(), out, random);
        return out.toString();
    }

    private static void writeTable(Map<String, Object> table, List<String> path, StringBuilder out, Random random) {
        if (!path.isEmpty()) {
            out.append('[')
                    .append(String.join(".", path.stream().map(TomlTest::key).toList()))
                    .append("]\n");
        }
        table.forEach((k, v) -> {
            if (!(v instanceof Map)) {
                out.append(key(k)).append(random.nextBoolean() ? " = " : "=").append(value(v));
                out.append(random.nextInt(3) == 0 ? "  # note\n" : "\n");
                if (random.nextInt(4) == 0) {
                    out.append("\n# a comment line\n");
                }
            }
        });
        table.forEach((k, v) -> {
            if (v instanceof Map<?, ?> child) {
                List<String> childPath = new ArrayList<>(path);
                childPath.add(k);
                @SuppressWarnings("unchecked")
                var typed = (Map<String, Object>) child;
                writeTable(typed, childPath, out, random);
            }
        });
    }

    private static String key(String k) {
        return k.matches("[A-Za-z0-9_-]+") ? k : quote(k);
    }

    private static String value(Object v) {
        return switch (v) {
            case String s -> quote(s);
            case List<?> l ->
                "[" + String.join(", ", l.stream().map(TomlTest::value).toList()) + (l.isEmpty() ? "]" : ",]");
            default -> v.toString();
        };
    }

    private static String quote(String s) {
        var out = new StringBuilder("\"");
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append(cp % 2 == 0 ? "\t" : "\\t");
                default -> {
                    if (cp < 0x20 || cp == 0x7f) {
                        out.append("\\u%04X".formatted(cp));
                    } else if (cp > 0xffff) {
                        out.append("\\U%08X".formatted(cp));
                    } else {
                        out.appendCodePoint(cp);
                    }
                }
            }
        });
        return out.append('"').toString();
    }

    @Test
    void everyWrittenDocumentReadsBackEqual() {
        var random = new Random(21);
        for (int i = 0; i < 1000; i++) {
            Map<String, Object> doc = randomTable(random, 2);
            String text = write(doc, random);
            assertEquals(doc, Toml.parse(text), text);
        }
    }

    @Test
    void aMangledDocumentIsReadOrRefusedWithALineNeverAnotherException() {
        var random = new Random(2021);
        String junk = "\"'[]{}=#,.\n\r\\ \t0-_aé\u0000";
        for (int i = 0; i < 2000; i++) {
            var text = new StringBuilder(write(randomTable(random, 2), random));
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits && !text.isEmpty(); e++) {
                int at = random.nextInt(text.length());
                switch (random.nextInt(3)) {
                    case 0 -> text.deleteCharAt(at);
                    case 1 -> text.insert(at, junk.charAt(random.nextInt(junk.length())));
                    default -> text.setLength(at);
                }
            }
            try {
                Toml.parse(text.toString());
            } catch (TomlException refused) {
                long lines = text.chars().filter(c -> c == '\n').count() + 1;
                assertTrue(refused.line() >= 1 && refused.line() <= lines, refused.getMessage());
            }
        }
    }
}
