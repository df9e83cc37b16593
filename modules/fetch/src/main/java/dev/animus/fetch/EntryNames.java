package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The rules on an entry's name (docs/security.md#downloads-and-archives): strict UTF-8; relative
 * and {@code /}-separated, without a drive letter, {@code ..}, {@code .}, empty segments,
 * backslashes or control characters (C0, DEL and C1); at most 1024 characters and 255 bytes a
 * segment. A leading {@code ./} and one trailing {@code /} are dropped.
 */
final class EntryNames {
    static final int MAX_LENGTH = 1024;
    static final int MAX_SEGMENT_BYTES = 255;
    private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:.*", Pattern.DOTALL);

    private EntryNames() {}

    /** {@code length} bytes of a name or pax value as strict UTF-8; BAD_NAME (shown with U+FFFD) if they are not. */
    static String utf8(ExtractionTarget target, byte[] bytes, int offset, int length) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, offset, length))
                    .toString();
        } catch (CharacterCodingException e) {
            throw target.refused(
                    Reason.BAD_NAME, new String(bytes, offset, length, StandardCharsets.UTF_8), "is not valid UTF-8");
        }
    }

    /** The checked relative name of {@code raw}; empty for the archive's own root ({@code ./}). */
    static String normal(ExtractionTarget target, String raw) {
        if (raw.isEmpty() || raw.chars().anyMatch(Character::isISOControl) || raw.contains("\\")) {
            throw target.refused(Reason.BAD_NAME, raw, "has an empty name, a backslash or control characters");
        }
        if (raw.startsWith("/") || DRIVE.matcher(raw).matches()) {
            throw target.refused(Reason.ABSOLUTE_PATH, raw, "is an absolute path");
        }
        String name = raw;
        while (name.startsWith("./")) {
            name = name.substring(2);
        }
        if (name.endsWith("/")) {
            name = name.substring(0, name.length() - 1);
        }
        if (name.isEmpty() || name.equals(".")) {
            return "";
        }
        if (name.length() > MAX_LENGTH) {
            throw target.refused(Reason.BAD_NAME, raw, "is longer than " + MAX_LENGTH + " characters");
        }
        for (String segment : name.split("/", -1)) {
            if (segment.getBytes(StandardCharsets.UTF_8).length > MAX_SEGMENT_BYTES) {
                throw target.refused(Reason.BAD_NAME, raw, "has a path segment longer than 255 bytes");
            }
            if (segment.equals("..")) {
                throw target.refused(Reason.PARENT_PATH, raw, "leaves the archive's directory");
            }
            if (segment.isEmpty() || segment.equals(".")) {
                throw target.refused(Reason.BAD_NAME, raw, "has an empty or '.' segment");
            }
        }
        return name;
    }
}
