package dev.animus.runtime;

import dev.animus.core.NameRule;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * The curated default plugins (docs/operations.md#default-plugins): one {@code defaults.toml}, the
 * built-in one of this runtime unless {@code <animus_home>/defaults.toml} replaces it, shared by
 * {@code daemon preflight} and {@code plugin install-defaults}.
 *
 * <pre>
 * [plugins.claude]
 * role = "provider"              # the kind it serves: provider, subject_backend, workflow_runner, queue, ...
 * group = "core"                 # optional: core (always), subjects, transports, oai-agent, triggers
 * bundled = "animus-provider-claude"                   # shipped in the image: &lt;image&gt;/plugins/&lt;name&gt;
 * # or: release = "owner/repo@tag" and sha256 = "&lt;64 hex&gt;" (the code's digest)
 * # or: path = "/abs/file" and, optionally, sha256 = "&lt;64 hex&gt;"
 * </pre>
 *
 * @param origin the file the entries come from, as messages name it
 * @param entries the entries, in file order
 */
public record PluginDefaults(String origin, List<Entry> entries) {
    /** The groups, {@code core} first (installed always); the others only when asked for. */
    public static final List<String> GROUPS = List.of("core", "subjects", "transports", "oai-agent", "triggers");

    /** The group every entry is in unless it names another. */
    public static final String CORE = "core";

    /** How the built-in file is named in messages. */
    static final String BUILT_IN = "the built-in defaults.toml";

    private static final long MAX_BYTES = 1 << 20;
    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern KIND = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    private static final Pattern BUNDLED = Pattern.compile("[a-z0-9][a-z0-9._-]{0,127}");
    private static final Set<String> KEYS = Set.of("role", "group", "bundled", "release", "path", "sha256");

    private static final class Toml {
        static final TomlMapper MAPPER = TomlMapper.builder().build();
    }

    public PluginDefaults {
        Objects.requireNonNull(origin, "origin");
        entries = List.copyOf(entries);
    }

    /**
     * One default plugin.
     *
     * @param name the name it is installed under (the table's key)
     * @param role the kind it serves ({@code task_backend} is read as {@code subject_backend}), or
     *     {@code subject_kind:<kind>}
     * @param group {@link #CORE}, or the optional group it belongs to
     */
    public record Entry(String name, String role, String group, Source source) {
        public Entry {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(source, "source");
        }

        /** The table of this entry, as messages name it: {@code plugins.<name>}. */
        public String key() {
            return "plugins." + name;
        }
    }

    /** Where a default's code comes from. */
    public sealed interface Source {
        /** A first-party plugin shipped in the image, {@code <image>/plugins/<plugin>}. */
        record Bundled(String plugin, Optional<String> sha256) implements Source {}

        /** A GitHub release's asset for this platform, whose code must have {@code sha256}. */
        record Release(GithubRelease release, String sha256) implements Source {}

        /** A local file or plugin directory (tests, and operators with a local mirror). */
        record Local(Path path, Optional<String> sha256) implements Source {}

        /** The digest the code must have, when the entry pins one. */
        default Optional<String> expectedSha256() {
            return switch (this) {
                case Bundled b -> b.sha256();
                case Release r -> Optional.of(r.sha256());
                case Local l -> l.sha256();
            };
        }

        /** In words, as a report shows it: {@code bundled NAME}, {@code release OWNER/REPO@TAG}, {@code path P}. */
        default String describe() {
            return switch (this) {
                case Bundled b -> "bundled " + b.plugin();
                case Release r -> "release " + r.release();
                case Local l -> "path " + l.path();
            };
        }
    }

    /** The entries of {@code group}s: {@link #CORE} and those {@code include} names, in file order. */
    public List<Entry> inGroups(Set<String> include) {
        return entries.stream()
                .filter(e -> e.group().equals(CORE) || include.contains(e.group()))
                .toList();
    }

    /** The entries serving {@code role}, in file order, whatever their group. */
    public List<Entry> forRole(String role) {
        return entries.stream().filter(e -> e.role().equals(role)).toList();
    }

    /**
     * {@code homeFile} when it exists, else the built-in file.
     *
     * @throws DefaultsInvalid naming the file and the key when it cannot be used
     */
    static PluginDefaults read(Path homeFile) {
        try {
            if (Files.exists(homeFile, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(homeFile)) {
                throw new DefaultsInvalid(
                        homeFile.toString(), "", "not a regular file; put a defaults.toml there or move it aside");
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(homeFile)) {
                bytes = in.readNBytes((int) MAX_BYTES + 1);
            }
            return parse(bytes, homeFile.toString());
        } catch (NoSuchFileException e) {
            return builtIn();
        } catch (IOException e) {
            throw new DefaultsInvalid(homeFile.toString(), "", "cannot be read (" + IoText.of(e) + ")");
        }
    }

    /** The file this runtime carries, with the bundled plugins its image ships ({@link #builtIn(Path)}). */
    static PluginDefaults builtIn() {
        return builtIn(DefaultsInstall.bundledPlugins());
    }

    /**
     * The file this runtime carries, but for a bundled entry whose plugin is not in {@code shipped}
     * (a runtime that is no image, such as the build's tests): it would name a command that cannot
     * work. A home's own file is taken as written; its missing plugin is an error when installed.
     */
    static PluginDefaults builtIn(Path shipped) {
        try (InputStream in = PluginDefaults.class.getResourceAsStream("defaults.toml")) {
            if (in == null) {
                throw new IllegalStateException("the built-in defaults.toml is missing from dev.animus.runtime");
            }
            PluginDefaults all = parse(in.readAllBytes(), BUILT_IN);
            return new PluginDefaults(
                    all.origin(),
                    all.entries().stream()
                            .filter(e -> !(e.source() instanceof Source.Bundled b)
                                    || Files.isDirectory(shipped.resolve(b.plugin())))
                            .toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The entries of {@code bytes}, the file {@code origin} names.
     *
     * @throws DefaultsInvalid naming {@code origin} and the key when they cannot be used
     */
    static PluginDefaults parse(byte[] bytes, String origin) {
        if (bytes.length > MAX_BYTES) {
            throw new DefaultsInvalid(origin, "", "larger than 1 MiB; is this really a defaults.toml?");
        }
        Map<String, Object> root;
        try {
            String text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
            @SuppressWarnings("unchecked")
            Map<String, Object> parsed = Toml.MAPPER.readValue(text, Map.class);
            root = parsed == null ? Map.of() : parsed;
        } catch (CharacterCodingException e) {
            throw new DefaultsInvalid(origin, "", "not UTF-8 text");
        } catch (JacksonException e) {
            var at = e.getLocation();
            String where = at == null || at.getLineNr() < 1
                    ? "it cannot be read"
                    : "it stops being valid at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new DefaultsInvalid(origin, "", "not valid TOML (" + where + ")");
        }
        for (String key : root.keySet()) {
            if (!key.equals("plugins")) {
                throw new DefaultsInvalid(origin, key, "unknown key (the file has one table, [plugins.<name>])");
            }
        }
        if (!(root.getOrDefault("plugins", Map.of()) instanceof Map<?, ?> plugins)) {
            throw new DefaultsInvalid(origin, "plugins", "must be a table of [plugins.<name>] entries");
        }
        List<Entry> entries = new ArrayList<>();
        for (var e : plugins.entrySet()) {
            entries.add(entry(origin, String.valueOf(e.getKey()), e.getValue()));
        }
        return new PluginDefaults(origin, entries);
    }

    private static Entry entry(String origin, String name, Object value) {
        String at = "plugins." + name;
        if (!NameRule.isValid(name)) {
            throw new DefaultsInvalid(
                    origin, at, "'" + name + "' is not a plugin name (lowercase letters, digits, . _ -)");
        }
        if (!(value instanceof Map<?, ?> table)) {
            throw new DefaultsInvalid(origin, at, "must be a table with role and one of bundled, release or path");
        }
        for (Object key : table.keySet()) {
            if (!KEYS.contains(String.valueOf(key))) {
                throw new DefaultsInvalid(
                        origin,
                        at + "." + key,
                        "unknown key (an entry has role, group, and one of bundled, release or path, with sha256)");
            }
            if (!(table.get(key) instanceof String)) {
                throw new DefaultsInvalid(origin, at + "." + key, "must be a string in double quotes");
            }
        }
        String role = role(origin, at, (String) table.get("role"));
        String group = (String) table.get("group");
        if (group == null) {
            group = CORE;
        } else if (!GROUPS.contains(group)) {
            throw new DefaultsInvalid(
                    origin, at + ".group", "'" + group + "' is not a group; use one of " + String.join(", ", GROUPS));
        }
        Optional<String> sha256 = Optional.ofNullable((String) table.get("sha256"));
        if (sha256.isPresent() && !HEX64.matcher(sha256.get()).matches()) {
            throw new DefaultsInvalid(origin, at + ".sha256", "'" + sha256.get() + "' is not 64 lowercase hex digits");
        }
        List<String> sources = List.of("bundled", "release", "path").stream()
                .filter(table::containsKey)
                .toList();
        if (sources.size() != 1) {
            throw new DefaultsInvalid(
                    origin,
                    sources.isEmpty() ? at : at + "." + sources.get(1),
                    sources.isEmpty()
                            ? "no source; give one of bundled = \"<name>\", release = \"owner/repo@tag\" (with sha256) or path = \"/abs/file\""
                            : "give one source, not both " + sources.get(0) + " and " + sources.get(1));
        }
        String text = (String) table.get(sources.getFirst());
        Source source = switch (sources.getFirst()) {
            case "bundled" -> {
                if (!BUNDLED.matcher(text).matches()) {
                    throw new DefaultsInvalid(
                            origin,
                            at + ".bundled",
                            "'" + text + "' is not the name of a plugin of the image (no / or ..)");
                }
                yield new Source.Bundled(text, sha256);
            }
            case "release" ->
                new Source.Release(
                        release(origin, at, text),
                        sha256.orElseThrow(() -> new DefaultsInvalid(
                                origin, at + ".sha256", "missing; a release default names the sha256 of its code")));
            default -> {
                Path p = Path.of(text);
                if (text.isBlank() || !p.isAbsolute()) {
                    throw new DefaultsInvalid(origin, at + ".path", "'" + text + "' is not an absolute path");
                }
                yield new Source.Local(p.normalize(), sha256);
            }
        };
        return new Entry(name, role, group, source);
    }

    private static String role(String origin, String at, String role) {
        if (role == null) {
            throw new DefaultsInvalid(
                    origin,
                    at + ".role",
                    "missing; name the kind it serves (provider, subject_backend, workflow_runner, queue, ...)");
        }
        if (role.startsWith("subject_kind:")) {
            if (!KIND.matcher(role.substring("subject_kind:".length())).matches()) {
                throw new DefaultsInvalid(
                        origin,
                        at + ".role",
                        "'" + role + "' is not subject_kind:<kind> (lowercase letters, digits and _)");
            }
            return role;
        }
        if (!KIND.matcher(role).matches()) {
            throw new DefaultsInvalid(
                    origin,
                    at + ".role",
                    "'" + role + "' is not a kind (lowercase letters, digits and _, e.g. provider)");
        }
        return role.equals("task_backend") ? "subject_backend" : role;
    }

    private static GithubRelease release(String origin, String at, String text) {
        GithubRelease r;
        try {
            r = GithubRelease.parse(text);
        } catch (IllegalArgumentException e) {
            throw new DefaultsInvalid(origin, at + ".release", e.getMessage());
        }
        if (r.tag().isEmpty()) {
            throw new DefaultsInvalid(
                    origin, at + ".release", "'" + text + "' names no tag; a default is one release: owner/repo@tag");
        }
        return r;
    }
}
