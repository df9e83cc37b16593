package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a pax extended header says about the next entry: its {@code path} (strict UTF-8) and its
 * {@code size} (decimal digits only). Every record must be {@code "<length> <key>=<value>\n"} with
 * the length counting the whole record; NULs may pad the end. Other keys are ignored (their values
 * may be binary, as xattrs are).
 */
record TarPax(Optional<String> path, OptionalLong size) {
    private static final int MAX_LENGTH_DIGITS = 10;

    static TarPax parse(ExtractionTarget target, String entry, byte[] data) {
        Optional<String> path = Optional.empty();
        OptionalLong size = OptionalLong.empty();
        int at = 0;
        while (at < data.length && data[at] != 0) {
            int space = at;
            long length = 0;
            while (space < data.length && space - at < MAX_LENGTH_DIGITS && data[space] >= '0' && data[space] <= '9') {
                length = length * 10 + (data[space] - '0');
                space++;
            }
            long end = at + length;
            if (space == at
                    || space >= data.length
                    || data[space] != ' '
                    || end > data.length
                    || end <= space + 1
                    || data[(int) end - 1] != '\n') {
                throw target.refused(Reason.CORRUPT, entry, "has a malformed pax record at byte " + at);
            }
            int equals = indexOf(data, (byte) '=', space + 1, (int) end - 1);
            if (equals < 0) {
                throw target.refused(Reason.CORRUPT, entry, "has a pax record without '=' at byte " + at);
            }
            String key = new String(data, space + 1, equals - space - 1, StandardCharsets.UTF_8);
            int valueLength = (int) end - 1 - (equals + 1);
            switch (key) {
                case "path" -> path = Optional.of(target.utf8(data, equals + 1, valueLength));
                case "size" ->
                    size = OptionalLong.of(
                            decimal(target, entry, new String(data, equals + 1, valueLength, StandardCharsets.UTF_8)));
                default -> {}
            }
            at = (int) end;
        }
        return new TarPax(path, size);
    }

    private static long decimal(ExtractionTarget target, String entry, String value) {
        if (value.isEmpty() || value.length() > 18 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw target.refused(Reason.CORRUPT, entry, "has a malformed pax size " + Names.quote(value));
        }
        return Long.parseLong(value);
    }

    private static int indexOf(byte[] data, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (data[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
