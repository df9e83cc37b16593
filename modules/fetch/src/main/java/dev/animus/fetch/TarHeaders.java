package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The fields of a 512-byte tar header: its checksum, its numbers (octal with only spaces and NULs
 * around the digits, or GNU base-256, never negative) and its name (strict UTF-8; the ustar
 * {@code prefix} only in a POSIX {@code "ustar\0"} header, since GNU's {@code "ustar  "} keeps
 * other fields there).
 */
final class TarHeaders {
    static final int BLOCK = 512;
    private static final byte[] POSIX_MAGIC = "ustar\0".getBytes(StandardCharsets.US_ASCII);

    private TarHeaders() {}

    /** The name field as it is, for messages (lenient UTF-8). */
    static String shown(byte[] h) {
        return new String(h, 0, length(h, 0, 100), StandardCharsets.UTF_8);
    }

    /** CORRUPT unless the checksum field holds the sum of the header's bytes (the field counted as spaces). */
    static void checkChecksum(ExtractionTarget target, byte[] h) {
        long stored = number(target, h, 148, 8, "checksum");
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += i >= 148 && i < 156 ? ' ' : (h[i] & 0xff);
        }
        if (sum != stored) {
            throw target.refused(Reason.CORRUPT, shown(h), "has a bad header checksum");
        }
    }

    /** The entry's name from the header: POSIX {@code prefix}, a slash and {@code name}; strict UTF-8. */
    static String name(ExtractionTarget target, byte[] h) {
        String name = target.utf8(h, 0, length(h, 0, 100));
        if (Arrays.equals(h, 257, 263, POSIX_MAGIC, 0, POSIX_MAGIC.length)) {
            int prefix = length(h, 345, 155);
            if (prefix > 0) {
                return target.utf8(h, 345, prefix) + "/" + name;
            }
        }
        return name;
    }

    /** An octal field, or GNU base-256 when its first byte has the high bit set; CORRUPT for anything else. */
    static long number(ExtractionTarget target, byte[] h, int off, int len, String field) {
        if ((h[off] & 0x80) != 0) {
            if ((h[off] & 0x40) != 0) {
                throw target.refused(Reason.CORRUPT, shown(h), "has a negative " + field);
            }
            long v = h[off] & 0x3f;
            for (int i = off + 1; i < off + len; i++) {
                if (v > (Long.MAX_VALUE >> 8)) {
                    throw target.refused(Reason.CORRUPT, shown(h), "has a " + field + " too large for any archive");
                }
                v = (v << 8) | (h[i] & 0xff);
            }
            return v;
        }
        int i = off;
        int end = off + len;
        while (i < end && h[i] == ' ') {
            i++;
        }
        long v = 0;
        for (; i < end && h[i] >= '0' && h[i] <= '7'; i++) {
            v = v * 8 + (h[i] - '0');
        }
        for (; i < end; i++) {
            if (h[i] != ' ' && h[i] != 0) {
                throw target.refused(Reason.CORRUPT, shown(h), "has a malformed " + field + " field");
            }
        }
        return v;
    }

    private static int length(byte[] h, int off, int max) {
        int n = 0;
        while (n < max && h[off + n] != 0) {
            n++;
        }
        return n;
    }
}
