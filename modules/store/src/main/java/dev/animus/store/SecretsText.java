package dev.animus.store;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SortedMap;

/**
 * Writes the file keyring backend's secrets as the text of {@code secrets.toml},
 * deterministically: the header comment, {@code schema_version}, then one {@code [[secret]]} table
 * per secret, by plugin and then by name (the maps given are sorted). Every string is a TOML basic
 * string written by {@link LockfileText#basicString} (control characters escaped, and characters
 * outside the Basic Multilingual Plane as {@code \UXXXXXXXX}, which Jackson 3.3's TOML reader
 * needs), so any value {@link SecretsFile} accepts reads back as the same text.
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
        StringBuilder b = new StringBuilder(HEADER)
                .append("schema_version = ")
                .append(SCHEMA_VERSION)
                .append('\n');
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
        LockfileText.basicString(b, value);
        b.append('\n');
    }
}
