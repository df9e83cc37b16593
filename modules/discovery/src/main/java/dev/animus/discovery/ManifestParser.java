package dev.animus.discovery;

import dev.animus.core.Manifest;
import dev.animus.core.ManifestCheck;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.ManifestRendering;
import dev.animus.core.ManifestValidator;
import dev.animus.core.UnknownKeys;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * Reads the two forms of a manifest (docs/protocol.md#the-manifest) into core's {@link Manifest}: a
 * {@code Plugin.toml} file (reading it executes nothing; unknown keys are rejected, so typos do
 * not pass silently) and the JSON object a binary prints for {@code --manifest} (unknown keys
 * are ignored with a warning, for older and newer plugins).
 *
 * <p>Every failure, from a missing file through a TOML syntax error to a broken rule, is a
 * {@link ManifestInvalid} whose one-line message names the source and the field: parse failures
 * use the pseudo-fields {@code (file)}, {@code (syntax)} and {@code (json)}. Stateless and
 * thread-safe.
 */
public final class ManifestParser {

    /** Inputs larger than this are refused unread: a manifest is a few kilobytes. */
    public static final int MAX_BYTES = 1 << 20;

    private static final TomlMapper TOML = TomlMapper.builder().build();
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final TypeReference<Map<String, Object>> TABLE = new TypeReference<>() {};

    private ManifestParser() {}

    /**
     * Reads and validates the {@code Plugin.toml} at {@code file}; unknown top-level keys are
     * rejected.
     *
     * @param directoryPlugin whether the file is the root manifest of a plugin directory (then
     *     {@code entry} is required)
     * @throws ManifestInvalid naming {@code file}: field {@code (file)} when it cannot be read,
     *     is not a regular file or is larger than {@link #MAX_BYTES}; {@code (syntax)} with the
     *     line and column when it is not TOML; the field path when it breaks a rule
     */
    public static ManifestCheck pluginToml(Path file, boolean directoryPlugin) {
        Objects.requireNonNull(file, "file");
        String source = file.toString();
        return pluginToml(read(file, source), source, directoryPlugin);
    }

    /** What {@link #pluginToml(Path, boolean)} does once it has the file's bytes (the fuzz test calls it directly). */
    static ManifestCheck pluginToml(byte[] bytes, String source, boolean directoryPlugin) {
        Map<String, Object> raw;
        try {
            raw = TOML.readValue(bytes, TABLE);
        } catch (JacksonException e) {
            throw new ManifestInvalid(source, "(syntax)", located(e) + " (the file is not valid TOML)");
        }
        return ManifestValidator.validate(raw == null ? Map.of() : raw, source, UnknownKeys.REJECT, directoryPlugin);
    }

    /**
     * Reads and validates what a binary printed for {@code --manifest}: exactly one JSON object
     * (surrounding whitespace allowed); unknown top-level keys become warnings.
     *
     * @param source what to name in errors and warnings, e.g. {@code /p/animus-plugin-x --manifest}
     * @throws ManifestInvalid at field {@code (json)} when {@code stdout} is not one JSON object
     *     (empty, invalid, a duplicate key, another value, trailing text, more than
     *     {@link #MAX_BYTES} characters),
     *     else at the field path of the first broken rule
     */
    public static ManifestCheck probeJson(String stdout, String source) {
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(source, "source");
        if (stdout.length() > MAX_BYTES) {
            throw new ManifestInvalid(
                    source, "(json)", "the output is larger than 1 MiB; a manifest is a few kilobytes");
        }
        if (stdout.isBlank()) {
            throw new ManifestInvalid(source, "(json)", "the output is empty: --manifest must print one JSON object");
        }
        Object value;
        try {
            value = JSON.readValue(stdout, Object.class);
        } catch (JacksonException e) {
            throw new ManifestInvalid(
                    source, "(json)", located(e) + " (--manifest must print exactly one JSON object and nothing else)");
        }
        if (!(value instanceof Map<?, ?> object)) {
            throw new ManifestInvalid(
                    source,
                    "(json)",
                    "the output is "
                            + (value == null ? "null" : "a JSON " + (value instanceof List<?> ? "array" : "scalar"))
                            + ": --manifest must print one JSON object");
        }
        Map<String, Object> raw = new LinkedHashMap<>();
        object.forEach((k, v) -> raw.put(String.valueOf(k), v));
        return ManifestValidator.validate(raw, source, UnknownKeys.WARN, false);
    }

    /**
     * {@code m} as {@code Plugin.toml} text: {@link ManifestRendering#toMap} written by Jackson's
     * TOML writer, which reads back ({@link #pluginToml}) to {@code m}.
     */
    public static String renderToml(Manifest m) {
        return TOML.writeValueAsString(ManifestRendering.toMap(Objects.requireNonNull(m, "m")));
    }

    /** The file's bytes, bounded; only a regular file (or a link to one) is read, so a FIFO cannot block. */
    private static byte[] read(Path file, String source) {
        if (!Files.isRegularFile(file)) {
            throw new ManifestInvalid(
                    source, "(file)", Files.exists(file) ? "is not a regular file" : "does not exist");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new ManifestInvalid(source, "(file)", "is larger than 1 MiB; a manifest is a few kilobytes");
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw new ManifestInvalid(source, "(file)", "does not exist");
        } catch (AccessDeniedException e) {
            throw new ManifestInvalid(source, "(file)", "cannot be read: permission denied");
        } catch (IOException e) {
            throw new ManifestInvalid(source, "(file)", "cannot be read: " + e);
        }
    }

    /**
     * Jackson's own message without its source excerpt, prefixed with the line and column when
     * known. For TOML that is where the parser stopped: a duplicate key or an unclosed array is
     * reported at the start of the following line.
     */
    private static String located(JacksonException e) {
        String what =
                Objects.requireNonNullElse(e.getOriginalMessage(), e.getClass().getSimpleName());
        TokenStreamLocation at = e.getLocation();
        return at != null && at.getLineNr() > 0
                ? "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + what
                : what;
    }
}
