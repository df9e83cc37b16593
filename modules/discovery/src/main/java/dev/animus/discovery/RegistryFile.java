package dev.animus.discovery;

import dev.animus.core.NameRule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.dataformat.toml.TomlMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The operator's registry, {@code <animus_home>/plugins.toml}: extra plugins by name, pointing at a
 * binary with any file name (or a plugin directory). Relative paths are relative to the file.
 *
 * <pre>
 * [plugins.echo]
 * path = "/opt/tools/echo-plugin"
 * </pre>
 *
 * <p>or, in the seed's {@code plugins.yaml} (decision 027), the same entries:
 *
 * <pre>
 * plugins:
 *   echo:
 *     path: /opt/tools/echo-plugin
 * </pre>
 */
final class RegistryFile {
    /** A registry bigger than this is not a registry someone wrote. */
    private static final long MAX_BYTES = 1 << 20;
    /** Built on first use: most homes have no registry, and a listing then never pays for a mapper. */
    private static final class Toml {
        static final TomlMapper MAPPER = TomlMapper.builder().build();
    }

    /** The seed's {@code plugins.yaml} (decision 027), built on first use as well. */
    private static final class Yaml {
        static final YAMLMapper MAPPER = YAMLMapper.builder().build();
    }

    /** One entry. */
    record Entry(String name, Path path) {}

    /** The registry could not be read; names the file and the field. */
    static final class Invalid extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Invalid(Path file, String what) {
            super(file + ": " + what);
        }
    }

    private RegistryFile() {}

    /**
     * The entries, in file order; none when the file does not exist. A file whose name ends in
     * {@code .yaml} is read as YAML with the same shape ({@code plugins:} mapping each name to a
     * mapping with {@code path:}), anything else as TOML.
     */
    static List<Entry> read(Path file) {
        boolean yaml = file.getFileName().toString().endsWith(".yaml");
        Map<String, Object> root;
        try {
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file)) {
                throw new Invalid(
                        file,
                        "not a regular file (a FIFO would block every listing); put the registry"
                                + " itself in its place, or move this aside");
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) MAX_BYTES + 1);
            }
            if (bytes.length > MAX_BYTES) {
                throw new Invalid(file, "larger than 1 MiB; is this really the registry?");
            }
            String text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
            @SuppressWarnings("unchecked")
            Map<String, Object> parsed =
                    yaml ? Yaml.MAPPER.readValue(text, Map.class) : Toml.MAPPER.readValue(text, Map.class);
            root = parsed == null ? Map.of() : parsed;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new Invalid(file, "cannot read: " + e.getMessage());
        } catch (JacksonException e) {
            // where the parser stopped, never its own words (they name Java types and parser states)
            var at = e.getLocation();
            String where = at == null || at.getLineNr() < 1
                    ? "it cannot be read"
                    : "it stops being valid at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new Invalid(file, "not valid " + (yaml ? "YAML" : "TOML") + " (" + where + ")");
        }
        for (String key : root.keySet()) {
            if (!key.equals("plugins")) {
                throw new Invalid(file, "unknown key '" + key + "' (the registry has one table, [plugins.<name>])");
            }
        }
        if (!(root.getOrDefault("plugins", Map.of()) instanceof Map<?, ?> plugins)) {
            throw new Invalid(file, "plugins: must be a table of [plugins.<name>] entries");
        }
        List<Entry> entries = new ArrayList<>();
        for (var e : plugins.entrySet()) {
            entries.add(entry(file, String.valueOf(e.getKey()), e.getValue()));
        }
        return entries;
    }

    private static Entry entry(Path file, String name, Object value) {
        String field = "plugins." + name;
        if (!NameRule.isValid(name)) {
            throw new Invalid(file, field + ": '" + name + "' is not a plugin name (lowercase letters, digits, . _ -)");
        }
        if (!(value instanceof Map<?, ?> table)) {
            throw new Invalid(file, field + ": must be a table with path = \"...\"");
        }
        for (Object key : table.keySet()) {
            if (!Set.of("path").contains(String.valueOf(key))) {
                throw new Invalid(file, field + "." + key + ": unknown key (an entry has only path)");
            }
        }
        if (!(table.get("path") instanceof String path) || path.isBlank()) {
            throw new Invalid(file, field + ".path: missing; give the plugin's executable or directory");
        }
        return new Entry(name, file.toAbsolutePath().getParent().resolve(path).normalize());
    }
}
