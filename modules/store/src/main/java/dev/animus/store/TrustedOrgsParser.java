package dev.animus.store;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the text of {@code trusted-orgs.toml} (format: {@link TrustedOrgsText}). As with the
 * lockfile, {@code schema_version} is checked first, and keys of schema 1 this animus does not
 * know are ignored (a save drops them).
 *
 * <p>Stateless and thread-safe.
 */
final class TrustedOrgsParser {

    private TrustedOrgsParser() {}

    /**
     * The decisions {@code bytes} hold, by owner.
     *
     * @param file named in failures
     * @throws TrustedOrgsUnreadable when the bytes are not UTF-8, not TOML, not of this shape, or of
     *     another schema
     */
    static TreeMap<String, OrgDecision> parse(Path file, byte[] bytes) {
        Map<String, Object> root = TomlDocument.read(bytes, problem -> corrupt(file, problem));
        TomlDocument.checkSchema(
                root.get("schema_version"),
                TrustedOrgsText.SCHEMA_VERSION,
                problem -> corrupt(file, problem),
                major -> new TrustedOrgsUnreadable(
                        file,
                        "it was written by a newer animus (schema_version " + major + "; this animus reads "
                                + TrustedOrgsText.SCHEMA_VERSION + ")",
                        TrustedOrgsUnreadable.UPGRADE));
        Object orgs = root.getOrDefault("org", List.of());
        if (!(orgs instanceof List<?> tables)) {
            throw corrupt(file, "org: must be an array of tables, written [[org]]");
        }
        TreeMap<String, OrgDecision> decisions = new TreeMap<>();
        for (int i = 0; i < tables.size(); i++) {
            String entry = "[[org]] #" + (i + 1);
            if (!(tables.get(i) instanceof Map<?, ?> table)) {
                throw corrupt(file, entry + ": is not a table");
            }
            OrgDecision d = decision(file, entry, table);
            if (decisions.putIfAbsent(d.org(), d) != null) {
                throw corrupt(file, entry + ": the owner " + LockfileText.quote(d.org()) + " is decided twice");
            }
        }
        return decisions;
    }

    private static OrgDecision decision(Path file, String entry, Map<?, ?> table) {
        String name = text(file, entry, table, "name");
        String how = text(file, entry, table, "how");
        String at = text(file, entry, table, "decided_at");
        Instant decidedAt;
        try {
            decidedAt = Instant.parse(at);
        } catch (DateTimeParseException e) {
            throw corrupt(
                    file,
                    entry + ": decided_at: " + LockfileText.quote(at)
                            + " is not a UTC timestamp like 2026-11-30T12:00:00Z");
        }
        try {
            return new OrgDecision(name, how, decidedAt);
        } catch (IllegalArgumentException e) {
            throw corrupt(file, entry + ": " + e.getMessage());
        }
    }

    private static String text(Path file, String entry, Map<?, ?> table, String key) {
        Object v = table.get(key);
        if (!(v instanceof String s)) {
            throw corrupt(file, entry + ": " + key + ": " + (v == null ? "is missing" : "must be a string"));
        }
        return s;
    }

    private static TrustedOrgsUnreadable corrupt(Path file, String problem) {
        return new TrustedOrgsUnreadable(file, problem, TrustedOrgsUnreadable.FIX_OR_REMOVE);
    }
}
