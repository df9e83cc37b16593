package dev.animus.scaffold;

import dev.animus.core.HookId;
import dev.animus.core.Manifest;
import dev.animus.core.ManifestRendering;
import dev.animus.core.ManifestValidator;
import dev.animus.core.UnknownKeys;
import dev.animus.discovery.ManifestParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a plugin project from the packed templates: for Python one executable file with no
 * dependencies, its {@code Plugin.toml} and a README, in {@code <parent>/<name>}. The manifest is
 * one value, validated by core's rules before anything is written, and rendered into both the
 * {@code Plugin.toml} and the file's {@code --manifest} answer. Writes nothing when the directory
 * exists and is not empty.
 */
public final class Scaffold {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** A subject kind: dot-separated segments of lowercase letters, digits, _ and -, each starting with a letter. */
    private static final Pattern SUBJECT_KIND = Pattern.compile("[a-z][a-z0-9_-]*(\\.[a-z][a-z0-9_-]*)*");

    private static final String PROTOCOL = "1.1.0";

    private Scaffold() {}

    /**
     * Writes a Python plugin named {@code name} of {@code kind} into {@code parent/name}.
     *
     * @throws dev.animus.core.ManifestInvalid when {@code name} is not a plugin name
     * @throws IllegalStateException when {@code parent/name} exists and is not an empty directory
     * @throws UncheckedIOException when a file cannot be written
     */
    public static PluginProject python(String name, TemplateKind kind, Path parent) {
        Objects.requireNonNull(kind, "kind");
        String exe = name.startsWith("animus-") ? name : "animus-" + name;
        Manifest manifest = manifest(name, kind, exe);
        Path dir = parent.toAbsolutePath().normalize().resolve(name);
        refuseExisting(dir);
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("name", name);
        vars.put("kind", kind.word());
        vars.put("exe", exe);
        vars.put("subject_kind", subjectKind(name));
        Map<String, Object> printed = new LinkedHashMap<>(ManifestRendering.toMap(manifest));
        printed.remove("entry"); // the path inside a directory plugin: Plugin.toml's business
        vars.put("manifest_json", JSON.writerWithDefaultPrettyPrinter().writeValueAsString(printed));
        vars.put("kind_code", fill(template("python/" + kind.word() + ".py"), vars));
        try {
            Files.createDirectories(dir);
            List<Path> files = new ArrayList<>();
            Path program = dir.resolve(exe);
            files.add(write(program, fill(template("python/main.py"), vars)));
            Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
            files.add(write(dir.resolve("Plugin.toml"), ManifestParser.renderToml(manifest)));
            files.add(write(dir.resolve("README.md"), fill(template("python/README.md"), vars)));
            return new PluginProject(dir, program, files);
        } catch (IOException e) {
            throw new UncheckedIOException("writing the plugin project " + dir, e);
        }
    }

    /** The manifest of a new plugin: validated here, so a bad name fails before a file is written. */
    static Manifest manifest(String name, TemplateKind kind, String exe) {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("name", name);
        raw.put("version", "0.1.0");
        raw.put("plugin_kind", kind.pluginKind());
        raw.put("description", kind.description());
        raw.put("protocol_version", PROTOCOL);
        raw.put("capabilities", capabilities(name, kind));
        if (kind == TemplateKind.HOOKS) {
            raw.put("policy_hooks", List.of(HookId.COMMAND_RISK.wire()));
            raw.put("events", HookId.events().subList(0, 2));
        }
        raw.put("entry", exe);
        return ManifestValidator.validate(raw, name + " (plugin new)", UnknownKeys.REJECT, true)
                .manifest();
    }

    private static List<Object> capabilities(String name, TemplateKind kind) {
        String k = subjectKind(name);
        return switch (kind) {
            case CUSTOM -> List.of(name + "/echo", name + "/wait");
            case PROVIDER -> List.of("agent/run", "agent/resume", "agent/cancel");
            case SUBJECT_BACKEND ->
                Stream.concat(
                                Stream.of("list", "get", "create", "update", "status", "delete", "next", "schema")
                                        .map(v -> k + "/" + v),
                                Stream.of("subject/watch", "subject_kind:" + k))
                        .map(Object.class::cast)
                        .toList();
            case TRIGGER_BACKEND -> List.of("trigger/watch");
            case TRANSPORT_BACKEND -> List.of("transport/start", "transport/info", "transport/shutdown");
            case LOG_STORAGE_BACKEND -> List.of("log_storage/store", "log_storage/query");
            case HOOKS -> List.of("hook/" + HookId.COMMAND_RISK.wire());
        };
    }

    /** The subject kind a backend named {@code name} serves: its name when that is a kind, else {@code item}. */
    static String subjectKind(String name) {
        return SUBJECT_KIND.matcher(name).matches() ? name : "item";
    }

    private static void refuseExisting(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        boolean empty;
        try (Stream<Path> entries = Files.isDirectory(dir) ? Files.list(dir) : Stream.of(dir)) {
            empty = Files.isDirectory(dir) && entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + dir, e);
        }
        if (!empty) {
            throw new IllegalStateException(
                    dir + " exists and is not empty: choose another name or directory, or remove it first");
        }
    }

    private static Path write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static String fill(String template, Map<String, String> vars) {
        String out = template;
        for (Map.Entry<String, String> v : vars.entrySet()) {
            out = out.replace("{{" + v.getKey() + "}}", v.getValue());
        }
        return out;
    }

    private static String template(String path) {
        String resource = "templates/" + path;
        try (InputStream in = Scaffold.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the template " + resource + " is not in this build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the template " + resource, e);
        }
    }
}
