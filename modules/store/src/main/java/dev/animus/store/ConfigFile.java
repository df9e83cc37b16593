package dev.animus.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operator's defaults, {@code <animus_home>/config.toml} (docs/operations.md#defaults-in-configtoml):
 * dotted keys to plain values, as a person writes them or {@code animus config set} does. This
 * class knows no key: it reads the file into entries (each with the line it is on) and writes the
 * entries back; what a key means and which values it allows is the caller's.
 *
 * <p>A change takes an exclusive lock on {@code .config.toml.lock} beside the file, re-reads it,
 * and replaces it atomically with mode 0644 ({@link AtomicFile}); comments are not kept. A file
 * that cannot be read is never written ({@link Broken}).
 *
 * <pre>
 * agent = "ci"
 *
 * [install]
 * signature_policy = "strict"
 * </pre>
 */
public final class ConfigFile {
    /** A config file bigger than this is not one a person wrote. */
    static final int MAX_BYTES = 64 << 10;

    static final String HEADER =
            "# config.toml: animus's defaults; 'animus config set|unset' rewrite this file, 'animus config list' shows"
                    + " them.\n";
    private static final Set<PosixFilePermission> SHARED = PosixFilePermissions.fromString("rw-r--r--");
    private static final Pattern TABLE = Pattern.compile("^\\s*\\[\\s*([A-Za-z0-9_.-]+)\\s*]\\s*(#.*)?$");
    private static final Pattern AT_LINE =
            Pattern.compile("is not valid TOML at line (\\d+), column (\\d+): (.*)", Pattern.DOTALL);
    private static final Pattern KEY = Pattern.compile("^\\s*([A-Za-z0-9_.-]+)\\s*=");

    private final Path file;
    private final Path lock;
    private final Duration lockWait;

    /** One value: its dotted key, the value as read (a String, Long, Boolean, Double, List ...), its line (0 unknown). */
    public record Entry(String key, Object value, int line) {}

    /** The file cannot be read as a config file; the message names the file and, when known, the line. */
    static final class Broken extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Broken(Path file, String what) {
            super(file + ": " + what);
        }

        /** {@code what} of Jackson's TOML reader, its line moved beside the file's name. */
        static Broken of(Path file, String what) {
            Matcher m = AT_LINE.matcher(what);
            return m.matches()
                    ? new Broken(
                            file + " line " + m.group(1), "not valid TOML (column " + m.group(2) + "): " + m.group(3))
                    : new Broken(file, what);
        }

        private Broken(String fileAndLine, String what) {
            super(fileAndLine + ": " + what);
        }
    }

    public ConfigFile(Path file, Duration lockWait) {
        this.file = Objects.requireNonNull(file, "file").toAbsolutePath().normalize();
        this.lockWait = Objects.requireNonNull(lockWait, "lockWait");
        this.lock = this.file.resolveSibling("." + this.file.getFileName() + ".lock");
    }

    public Path file() {
        return file;
    }

    /**
     * What the file holds: its entries, or why it cannot be read.
     *
     * @param entries in file order (keys of a table as {@code table.key}); none when there is no file
     * @param problem one line naming the file (and the line, when known) when it is not a regular
     *     file, too large, not UTF-8, not TOML or cannot be read; the entries are then none
     */
    public record Contents(List<Entry> entries, Optional<String> problem) {
        public Contents {
            entries = List.copyOf(entries);
            Objects.requireNonNull(problem, "problem");
        }
    }

    /** The file as it is now. Never writes. */
    public Contents read() {
        try {
            return new Contents(load().orElse(List.of()), Optional.empty());
        } catch (Broken | UncheckedIOException e) {
            return new Contents(List.of(), Optional.of(e.getMessage()));
        }
    }

    /**
     * Sets {@code key} to {@code value} (a String or a Long), keeping the other entries.
     *
     * @throws IllegalStateException naming the file when the file as it is cannot be read; it is
     *     then left byte-identical (the caller reads it first: this is the race with an editor)
     * @throws UncheckedIOException naming the file when it cannot be written; it is then unchanged
     */
    public void put(String key, Object value) {
        if (!(value instanceof String || value instanceof Long)) {
            throw new IllegalArgumentException("a config value is a string or a whole number: " + value);
        }
        change(entries -> entries.put(key, value));
    }

    /**
     * Removes {@code key}.
     *
     * @return whether it was there; when it was not, the file is not written
     * @throws IllegalStateException as {@link #put}
     */
    public boolean remove(String key) {
        if (!Files.exists(file)) {
            return false;
        }
        boolean[] removed = {false};
        change(entries -> removed[0] = entries.remove(key) != null);
        return removed[0];
    }

    private void change(java.util.function.Consumer<Map<String, Object>> edit) {
        try {
            AtomicFile.createPrivateDirectories(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + file.getParent() + ": " + e.getMessage(), e);
        }
        try (FileLocks.Held _ = FileLocks.acquire(lock, lockWait)) {
            Map<String, Object> entries = new LinkedHashMap<>();
            List<Entry> now;
            try {
                now = load().orElse(List.of());
            } catch (Broken e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
            now.forEach(e -> entries.put(e.key(), e.value()));
            Map<String, Object> before = new HashMap<>(entries);
            edit.accept(entries);
            if (!entries.equals(before) || !Files.exists(file)) {
                AtomicFile.write(file, render(entries), SHARED);
            }
        }
    }

    private Optional<List<Entry>> load() {
        byte[] bytes;
        try {
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file)) {
                throw new Broken(file, "is not a regular file; put the config file itself in its place");
            }
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (bytes.length > MAX_BYTES) {
            throw new Broken(file, "is larger than 64 KiB; is this really the config file?");
        }
        Map<String, Object> root = TomlDocument.read(bytes, what -> Broken.of(file, what));
        Map<String, Integer> lines = lines(new String(bytes, StandardCharsets.UTF_8));
        List<Entry> entries = new ArrayList<>();
        flatten("", root, lines, entries);
        return Optional.of(entries);
    }

    private static void flatten(String prefix, Map<?, ?> table, Map<String, Integer> lines, List<Entry> into) {
        for (var e : table.entrySet()) {
            String key = prefix + e.getKey();
            if (e.getValue() instanceof Map<?, ?> inner) {
                flatten(key + ".", inner, lines, into);
            } else {
                into.add(new Entry(key, e.getValue(), lines.getOrDefault(key, 0)));
            }
        }
    }

    /** The line each dotted key is on, found by the {@code [table]} headers and {@code key =} lines. */
    private static Map<String, Integer> lines(String text) {
        Map<String, Integer> lines = new HashMap<>();
        String table = "";
        int n = 0;
        for (String line : text.split("\n", -1)) {
            n++;
            Matcher t = TABLE.matcher(line);
            if (t.matches()) {
                table = t.group(1) + ".";
                continue;
            }
            Matcher k = KEY.matcher(line);
            if (k.find()) {
                lines.putIfAbsent(table + k.group(1), n);
            }
        }
        return lines;
    }

    /** Top-level keys first, then one {@code [table]} per first part of a dotted key, keys sorted. */
    static byte[] render(Map<String, Object> entries) {
        Map<String, Map<String, Object>> tables = new TreeMap<>();
        for (var e : entries.entrySet()) {
            int dot = e.getKey().indexOf('.');
            String table = dot < 0 ? "" : e.getKey().substring(0, dot);
            tables.computeIfAbsent(table, _ -> new TreeMap<>()).put(e.getKey().substring(dot + 1), e.getValue());
        }
        StringBuilder b = new StringBuilder(HEADER);
        for (var t : tables.entrySet()) {
            if (!t.getKey().isEmpty()) {
                b.append('\n').append('[').append(t.getKey()).append("]\n");
            }
            for (var e : t.getValue().entrySet()) {
                b.append(e.getKey()).append(" = ");
                if (e.getValue() instanceof String s) {
                    LockfileText.basicString(b, s);
                } else {
                    b.append(e.getValue());
                }
                b.append('\n');
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }
}
