package dev.animus.store;

import dev.animus.core.NameRule;
import dev.animus.core.OneLine;
import dev.animus.core.SecretDeclaration;
import dev.animus.core.SecretStoreFailed;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the text of {@code secrets.toml} (format: {@link SecretsText}) strictly: UTF-8, TOML,
 * {@code schema_version} 1, and nothing but {@code schema_version} and {@code [[secret]]} tables
 * of exactly {@code plugin}, {@code name} and {@code value}, each secret once. Unlike the lockfile
 * and the trusted owners, keys this animus does not know are refused rather than ignored: the next
 * write would drop them, and in this file a misspelt key is most likely a secret written by hand.
 *
 * <p>No message ever holds text from a {@code value}: a TOML syntax error is reported by line and
 * column only (the TOML reader's own words may quote the text it stopped at), a bad value, plugin or
 * name by its entry number (an invalid name is not shown either: it may be a value on the wrong
 * line), and no exception from the TOML reader is kept as a cause.
 *
 * <p>Stateless and thread-safe.
 */
final class SecretsParser {
    /** The next step for a damaged file. */
    static final String FIX_OR_MOVE = "fix it or move it aside";
    /** The next step for a file from a newer animus. */
    static final String UPGRADE = "upgrade animus to one that reads it";

    private static final Set<String> TOP_KEYS = Set.of("schema_version", "secret");
    private static final Set<String> SECRET_KEYS = Set.of("plugin", "name", "value");

    private SecretsParser() {}

    /**
     * The secrets {@code bytes} hold, by plugin and then by name.
     *
     * @param file named in failures
     * @throws SecretStoreFailed when the bytes are not UTF-8, not TOML, not of this shape, hold a
     *     secret twice or an invalid name or value, or are of another schema
     */
    static TreeMap<String, TreeMap<String, String>> parse(Path file, byte[] bytes) {
        Map<String, Object> root = TomlDocument.read(bytes, problem -> corrupt(file, withoutQuotedText(problem)));
        TomlDocument.checkSchema(
                root.get("schema_version"),
                SecretsText.SCHEMA_VERSION,
                problem -> corrupt(file, problem),
                major -> unreadable(
                        file,
                        "it was written by a newer animus (schema_version " + major + "; this animus reads "
                                + SecretsText.SCHEMA_VERSION + ")",
                        UPGRADE));
        unknownKeys(file, "the top level", root.keySet(), TOP_KEYS);
        Object secrets = root.getOrDefault("secret", List.of());
        if (!(secrets instanceof List<?> tables)) {
            throw corrupt(file, "secret: must be an array of tables, written [[secret]]");
        }
        TreeMap<String, TreeMap<String, String>> byPlugin = new TreeMap<>();
        for (int i = 0; i < tables.size(); i++) {
            String entry = "[[secret]] #" + (i + 1);
            if (!(tables.get(i) instanceof Map<?, ?> table)) {
                throw corrupt(file, entry + ": is not a table");
            }
            unknownKeys(file, entry, table.keySet(), SECRET_KEYS);
            String plugin = text(file, entry, table, "plugin");
            if (!NameRule.isValid(plugin)) {
                throw corrupt(
                        file,
                        entry + ": plugin: is not a plugin name (lower-case letters, digits, '.', '_' and '-',"
                                + " starting with a letter or digit, at most 64 characters)");
            }
            String name = text(file, entry, table, "name");
            if (!SecretDeclaration.isValidName(name)) {
                throw corrupt(
                        file,
                        entry + ": name: is not a secret name (letters, digits, '.', '-' and '_', starting with a"
                                + " letter or _, at most 128 characters)");
            }
            String value = text(file, entry, table, "value");
            Optional<String> bad = valueProblem(value);
            if (bad.isPresent()) {
                throw corrupt(
                        file,
                        entry + ": value: " + bad.get()
                                + (bad.get().contains("surrogate")
                                        ? " (the TOML reader may split a character beyond U+FFFF, an emoji say, that is written"
                                                + " raw: write it as \\UXXXXXXXX, as animus does)"
                                        : ""));
            }
            if (byPlugin.computeIfAbsent(plugin, p -> new TreeMap<>()).putIfAbsent(name, value) != null) {
                throw corrupt(
                        file, entry + ": the secret '" + name + "' of the plugin '" + plugin + "' is there twice");
            }
        }
        return byPlugin;
    }

    /**
     * Why the file cannot hold {@code value} as it is, in words that do not show it: empty, a NUL,
     * or a lone surrogate (UTF-8 cannot encode it, so it would not read back the same).
     */
    static Optional<String> valueProblem(String value) {
        if (value.isEmpty()) {
            return Optional.of("is empty");
        }
        if (value.indexOf('\0') >= 0) {
            return Optional.of("holds a NUL character");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return Optional.of("holds a lone UTF-16 surrogate at index " + i + ", which is no Unicode character");
            }
        }
        return Optional.empty();
    }

    /**
     * The failure for an unreadable file, one line: the file, what is wrong, the next step, and
     * that nothing was changed.
     */
    static SecretStoreFailed unreadable(Path file, String problem, String nextStep) {
        return new SecretStoreFailed(OneLine.of("the secrets file " + file + " (ANIMUS_KEYRING=file): " + problem + "; "
                + nextStep + "; nothing was changed"));
    }

    private static SecretStoreFailed corrupt(Path file, String problem) {
        return unreadable(file, problem, FIX_OR_MOVE);
    }

    /**
     * {@link TomlDocument}'s "is not valid TOML at line L, column C: &lt;the reader's words&gt;" without
     * the reader's words, which may quote the text it stopped at: a value.
     */
    private static String withoutQuotedText(String problem) {
        int colon = problem.indexOf(": ");
        return problem.startsWith("is not valid TOML") && colon >= 0
                ? problem.substring(0, colon) + " (the text there is not shown: it may be part of a secret)"
                : problem;
    }

    private static void unknownKeys(Path file, String where, Set<?> keys, Set<String> known) {
        for (Object key : keys) {
            if (!known.contains(key)) {
                throw corrupt(
                        file,
                        where + ": the key " + LockfileText.quote(String.valueOf(key)) + " is not one of "
                                + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    private static String text(Path file, String entry, Map<?, ?> table, String key) {
        Object v = table.get(key);
        if (!(v instanceof String s)) {
            throw corrupt(file, entry + ": " + key + ": " + (v == null ? "is missing" : "must be a string"));
        }
        return s;
    }
}
