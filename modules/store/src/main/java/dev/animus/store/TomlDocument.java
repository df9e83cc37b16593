package dev.animus.store;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.type.TypeReference;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * The first steps every small TOML file of ours is read with (the lockfile, trusted orgs): strict
 * UTF-8, TOML into plain maps, and the {@code schema_version} major. Each reader turns the one-line
 * problems into its own exception.
 */
final class TomlDocument {
    private static final TomlMapper TOML = TomlMapper.builder().build();
    private static final TypeReference<Map<String, Object>> TABLE = new TypeReference<>() {};

    private TomlDocument() {}

    /**
     * The top-level table of {@code bytes}.
     *
     * @param corrupt makes the reader's exception from a one-line problem ("is not UTF-8 text", ...)
     */
    static Map<String, Object> read(byte[] bytes, Function<String, RuntimeException> corrupt) {
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw corrupt.apply("is not UTF-8 text");
        }
        try {
            Map<String, Object> root = TOML.readValue(text, TABLE);
            return root == null ? Map.of() : root;
        } catch (JacksonException e) {
            String what = Objects.requireNonNullElse(
                            e.getOriginalMessage(), e.getClass().getSimpleName())
                    .strip();
            TokenStreamLocation at = e.getLocation();
            String where = at != null && at.getLineNr() > 0
                    ? " at line " + at.getLineNr() + ", column " + at.getColumnNr()
                    : "";
            throw corrupt.apply("is not valid TOML" + where + ": " + what);
        }
    }

    /**
     * Checks {@code value} is the {@code schema_version} this build reads ({@code known}).
     *
     * @param newer makes the reader's exception for a file of a newer schema (given that schema)
     */
    static void checkSchema(
            Object value,
            int known,
            Function<String, RuntimeException> corrupt,
            Function<BigInteger, RuntimeException> newer) {
        if (value == null) {
            throw corrupt.apply("has no schema_version");
        }
        if (!(value instanceof Integer || value instanceof Long || value instanceof BigInteger)) {
            throw corrupt.apply("schema_version: must be an integer");
        }
        BigInteger major = new BigInteger(value.toString());
        int order = major.compareTo(BigInteger.valueOf(known));
        if (order > 0) {
            throw newer.apply(major);
        }
        if (order < 0) {
            throw corrupt.apply("schema_version " + major + " is not one any animus writes");
        }
    }
}
