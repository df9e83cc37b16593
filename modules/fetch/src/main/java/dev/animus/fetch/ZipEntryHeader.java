package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.nio.ByteBuffer;

/**
 * One central-directory header of a zip, read by {@link #parse}: strict UTF-8 name, no encryption
 * (traditional or strong), no zip64 marker and no other disk.
 *
 * @param rawName the name's bytes, which the local header must repeat
 * @param mode the unix mode from the external attributes when the archiver was a unix one, else 0
 * @param next where the next central header starts in the directory
 */
record ZipEntryHeader(
        String name,
        byte[] rawName,
        int mode,
        int flags,
        int method,
        long crc,
        long compressed,
        long size,
        long local,
        int next) {
    static final int STORED = 0;
    static final int DEFLATED = 8;
    private static final int SIGNATURE = 0x02014b50;
    private static final int FIXED = 46;
    private static final int UNIX = 3;
    private static final int ENCRYPTED = 0x1 | 0x40;

    ZipEntryHeader {
        rawName = rawName.clone();
    }

    @Override
    public byte[] rawName() {
        return rawName.clone();
    }

    /** The header at {@code at} of the little-endian directory {@code cd}. */
    static ZipEntryHeader parse(ExtractionTarget target, ByteBuffer cd, int at) {
        if (at + FIXED > cd.limit() || cd.getInt(at) != SIGNATURE) {
            throw target.refused(Reason.CORRUPT, "", "has a malformed central directory");
        }
        int nameLength = u16(cd, at + 28);
        int next = at + FIXED + nameLength + u16(cd, at + 30) + u16(cd, at + 32);
        if (next > cd.limit()) {
            throw target.refused(Reason.CORRUPT, "", "has a malformed central directory");
        }
        byte[] rawName = new byte[nameLength];
        cd.get(at + FIXED, rawName);
        String name = target.utf8(rawName, 0, nameLength);
        int flags = u16(cd, at + 8);
        long compressed = u32(cd, at + 20);
        long size = u32(cd, at + 24);
        long local = u32(cd, at + 42);
        if ((flags & ENCRYPTED) != 0) {
            throw target.refused(Reason.CORRUPT, name, "is encrypted");
        }
        if (compressed == 0xffffffffL || size == 0xffffffffL || local == 0xffffffffL || u16(cd, at + 34) != 0) {
            throw target.refused(Reason.CORRUPT, name, "needs zip64 or another disk, which is not supported");
        }
        int mode = u16(cd, at + 4) >>> 8 == UNIX ? (int) (u32(cd, at + 38) >>> 16) : 0;
        return new ZipEntryHeader(
                name, rawName, mode, flags, u16(cd, at + 10), u32(cd, at + 16), compressed, size, local, next);
    }

    static int u16(ByteBuffer b, int at) {
        return Short.toUnsignedInt(b.getShort(at));
    }

    static long u32(ByteBuffer b, int at) {
        return Integer.toUnsignedLong(b.getInt(at));
    }
}
