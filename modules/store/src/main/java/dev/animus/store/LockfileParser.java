package dev.animus.store;

import dev.animus.core.InstallSource;
import dev.animus.core.SourceKind;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads the text of {@code plugins.lock} (format: {@link LockfileText}) into a {@link Lockfile}.
 *
 * <p>{@code schema_version} is checked first, so a file from a newer animus is reported as such
 * whatever its shape. Within schema 1, keys this animus does not know, at the top level or in a
 * {@code [[plugin]]} table, are ignored: a newer animus of the same major may add optional keys,
 * and an older one must still read the file. (A save rewrites the file without them.)
 *
 * <p>Stateless and thread-safe.
 */
final class LockfileParser {

    private LockfileParser() {}

    /**
     * The lockfile {@code bytes} hold.
     *
     * @param file named in failures
     * @throws LockfileUnreadable when the bytes are not UTF-8, not TOML, not of this shape, or of
     *     another major schema
     */
    static Lockfile parse(Path file, byte[] bytes) {
        Map<String, Object> root = TomlDocument.read(bytes, problem -> corrupt(file, problem));
        TomlDocument.checkSchema(
                root.get("schema_version"),
                Lockfile.SCHEMA_VERSION,
                problem -> corrupt(file, problem),
                major -> new LockfileUnreadable(
                        file,
                        "it was written by a newer animus (schema_version " + major + "; this animus reads "
                                + Lockfile.SCHEMA_VERSION + ")",
                        LockfileUnreadable.UPGRADE));
        Object plugins = root.getOrDefault("plugin", List.of());
        if (!(plugins instanceof List<?> tables)) {
            throw corrupt(file, "plugin: must be an array of tables, written [[plugin]]");
        }
        TreeMap<String, LockEntry> entries = new TreeMap<>();
        TreeMap<String, Integer> positions = new TreeMap<>();
        for (int i = 0; i < tables.size(); i++) {
            int position = i + 1;
            if (!(tables.get(i) instanceof Map<?, ?> table)) {
                throw corrupt(file, "[[plugin]] #" + position + ": is not a table");
            }
            LockEntry entry = entry(file, position, table);
            Integer earlier = positions.putIfAbsent(entry.name(), position);
            if (earlier != null) {
                throw corrupt(
                        file,
                        "plugin " + LockfileText.quote(entry.name()) + " is locked twice ([[plugin]] #" + earlier
                                + " and #" + position + ")");
            }
            entries.put(entry.name(), entry);
        }
        return new Lockfile(Lockfile.SCHEMA_VERSION, entries);
    }

    private static LockEntry entry(Path file, int position, Map<?, ?> table) {
        Fields f = new Fields(file, position, table);
        String name = f.text("name");
        f.named(name);
        if (!LockEntry.isName(name)) {
            throw f.broken("name", LockfileText.quote(name) + " is not a plugin name");
        }
        String kindWord = f.text("source");
        SourceKind kind = SourceKind.ofWord(kindWord)
                .orElseThrow(
                        () -> f.broken("source", LockfileText.quote(kindWord) + " is not one of path, url, github"));
        InstallSource source = new InstallSource(
                kind, f.text("origin"), f.optionalText("tag"), f.optionalText("asset"), f.flag("sha256_verified"));
        try {
            return new LockEntry(
                    name,
                    f.text("version"),
                    source,
                    f.text("artifact_sha256"),
                    f.optionalText("signature_bundle_sha256"),
                    f.text("signature"),
                    f.instant("installed_at"));
        } catch (IllegalArgumentException e) {
            throw new LockfileUnreadable(file, f.entry() + ": " + e.getMessage(), LockfileUnreadable.FIX_OR_REWRITE);
        }
    }

    private static LockfileUnreadable corrupt(Path file, String problem) {
        return new LockfileUnreadable(file, problem, LockfileUnreadable.FIX_OR_REWRITE);
    }

    /** Typed reads of one {@code [[plugin]]} table's keys; failures name the entry and the key. */
    private static final class Fields {
        private final Path file;
        private final int position;
        private final Map<?, ?> table;
        private String name = "";

        Fields(Path file, int position, Map<?, ?> table) {
            this.file = file;
            this.position = position;
            this.table = table;
        }

        void named(String entryName) {
            name = " " + LockfileText.quote(entryName);
        }

        String entry() {
            return "[[plugin]] #" + position + name;
        }

        String text(String key) {
            return optionalText(key).orElseThrow(() -> broken(key, "is missing"));
        }

        Optional<String> optionalText(String key) {
            Object v = table.get(key);
            if (v == null) {
                return Optional.empty();
            }
            if (!(v instanceof String s)) {
                throw broken(key, "must be a string");
            }
            return Optional.of(s);
        }

        boolean flag(String key) {
            Object v = table.get(key);
            if (!(v instanceof Boolean b)) {
                throw broken(key, v == null ? "is missing" : "must be true or false");
            }
            return b;
        }

        Instant instant(String key) {
            String text = text(key);
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException e) {
                throw broken(key, LockfileText.quote(text) + " is not a UTC timestamp like 2026-11-30T12:00:00Z");
            }
        }

        LockfileUnreadable broken(String key, String problem) {
            return corrupt(file, entry() + ": " + key + ": " + problem);
        }
    }
}
