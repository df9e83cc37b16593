package dev.animus.store;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SortedMap;

/**
 * Writes the file keyring backend's secrets as the text of {@code secrets.toml},
 * deterministically: the header comment, {@code schema_version}, then one {@code [[secret]]} table
 * per secret, by plugin and then by name (the maps given are sorted). Every string is a TOML basic
 * string with quotes, backslashes and every control character escaped as
 * {@link LockfileText#basicString} does, and, unlike there, every character outside the Basic
 * Multilingual Plane (an emoji, say) escaped as {@code \UXXXXXXXX}: the TOML reader (Jackson 3.3)
 * drops half of a UTF-16 surrogate pair that straddles its 4000-character read buffer, so such a
 * character written raw would not read back at some offsets. With both, any value
 * {@link SecretsFile} accepts reads back as the same text.
 *
 * <pre>
 * # Animus secrets: plain text, readable only by you (mode 0600). Prefer the Secret Service (ANIMUS_KEYRING).
 * schema_version = 1
 *
 * [[secret]]
 * plugin = "echo"
 * name = "api_key"
 * value = "..."
 * </pre>
 */
final class SecretsText {
    static final int SCHEMA_VERSION = 1;
    static final String HEADER = "# Animus secrets: plain text, readable only by you (mode 0600)."
            + " Prefer the Secret Service (ANIMUS_KEYRING).\n";

    private SecretsText() {}

    /** The file's bytes: UTF-8, {@code \n} line ends. */
    static byte[] render(SortedMap<String, ? extends SortedMap<String, String>> secrets) {
        StringBuilder b = new StringBuilder(HEADER).append("schema_version = ").append(SCHEMA_VERSION).append('\n');
        for (Map.Entry<String, ? extends SortedMap<String, String>> plugin : secrets.entrySet()) {
            for (Map.Entry<String, String> secret : plugin.getValue().entrySet()) {
                b.append("\n[[secret]]\n");
                key(b, "plugin", plugin.getKey());
                key(b, "name", secret.getKey());
                key(b, "value", secret.getValue());
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void key(StringBuilder b, String key, String value) {
        b.append(key).append(" = ");
        basicString(b, value);
        b.append('\n');
    }

    /** {@code value} as a TOML basic string of Basic Multilingual Plane characters only. */
    static void basicString(StringBuilder b, String value) {
        b.append('"');
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (Character.isSupplementaryCodePoint(c)) {
                        b.append(String.format("\\U%08X", c));
                    } else if (Character.isISOControl(c) || c == '\uFEFF') {
                        b.append(String.format("\\u%04X", c));
                    } else {
                        b.appendCodePoint(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
