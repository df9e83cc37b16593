package dev.animus.store;

import dev.animus.core.OneLine;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Writes a {@link Lockfile} as the text of {@code plugins.lock}, deterministically: the header
 * comment, {@code schema_version}, then one {@code [[plugin]]} table per entry in name order, its
 * keys in a fixed order, optional keys left out when absent. Equal lockfiles give equal bytes, so
 * the file diffs cleanly in a repository.
 *
 * <pre>
 * # plugins.lock: written by animus; pins the exact code of each installed plugin.
 * schema_version = 1
 *
 * [[plugin]]
 * name = "echo"
 * version = "0.1.0"
 * source = "path"
 * origin = "/abs/path/animus-plugin-echo"
 * tag = "v1.2.0"                       (when present)
 * asset = "x-linux-amd64.tar.gz"       (when present)
 * artifact_sha256 = "…"
 * sha256_verified = true
 * signature = "unsigned"
 * signature_bundle_sha256 = "…"        (when present)
 * installed_at = "2026-11-30T12:00:00Z"
 * </pre>
 */
final class LockfileText {
    static final String HEADER = "# plugins.lock: written by animus; pins the exact code of each installed plugin.\n";
    private static final int QUOTE_LIMIT = 80;

    private LockfileText() {}

    /** The file's bytes: UTF-8, {@code \n} line ends. */
    static byte[] render(Lockfile lockfile) {
        StringBuilder b = new StringBuilder(HEADER)
                .append("schema_version = ")
                .append(lockfile.schemaVersion())
                .append('\n');
        for (LockEntry e : lockfile.entries().values()) {
            b.append("\n[[plugin]]\n");
            key(b, "name", e.name());
            key(b, "version", e.version());
            key(b, "source", e.source().kind().word());
            key(b, "origin", e.source().origin());
            key(b, "tag", e.source().tag());
            key(b, "asset", e.source().asset());
            key(b, "artifact_sha256", e.artifactSha256());
            b.append("sha256_verified = ").append(e.source().sha256Verified()).append('\n');
            key(b, "signature", e.signature());
            key(b, "signature_bundle_sha256", e.signatureBundleSha256());
            key(b, "installed_at", e.installedAt().toString());
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void key(StringBuilder b, String key, Optional<String> value) {
        value.ifPresent(v -> key(b, key, v));
    }

    private static void key(StringBuilder b, String key, String value) {
        b.append(key).append(" = ");
        basicString(b, value);
        b.append('\n');
    }

    /**
     * {@code value} as a TOML basic string of Basic Multilingual Plane characters only. Quotes,
     * backslashes and every control character (C0, DEL and C1) are escaped, so any entry stays on
     * its line and reads back equal; so is U+FEFF, which Jackson's TOML reader refuses anywhere but
     * at the start of the document, even inside a string (found by the property test); and every
     * character outside the Basic Multilingual Plane (an emoji, say) is written {@code \UXXXXXXXX}:
     * Jackson 3.3's TOML reader drops half of a UTF-16 surrogate pair that straddles its
     * 4000-character read buffer (found by the secrets file's tests). The rest is written as itself.
     */
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

    /** {@code value} quoted for a one-line message, shortened past 80 characters, control characters made visible. */
    static String quote(String value) {
        String shown = value.length() <= QUOTE_LIMIT ? value : value.substring(0, QUOTE_LIMIT) + "…";
        return "'" + OneLine.of(shown) + "'";
    }
}
