package dev.animus.fetch;

import static dev.animus.fetch.ZipEntryHeader.u16;
import static dev.animus.fetch.ZipEntryHeader.u32;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A zip reader that reads the central directory itself, since {@code ZipInputStream} cannot tell
 * a symbolic link from a file: the unix mode in each entry's external attributes decides (links,
 * devices and FIFOs refuse the archive). The whole directory is read and checked first: one disk,
 * no zip64, an end record that ends the file, a directory whose size is its entries', no more
 * entries than the cap and no more declared bytes than the cap, all before anything is written.
 * Each file's local header must repeat its name, method, CRC-32 and sizes, its data must end
 * before the directory, and what it inflates to is counted and checked ({@link ZipEntryBody}).
 * Stored and deflated entries only.
 */
final class ZipReader {
    private static final int EOCD = 0x06054b50;
    private static final int EOCD_SIZE = 22;
    private static final int ZIP64_LOCATOR = 0x07064b50;
    private static final int ZIP64_LOCATOR_SIZE = 20;
    private static final int LOCAL = 0x04034b50;
    private static final int LOCAL_SIZE = 30;
    private static final int DATA_DESCRIPTOR = 0x08;

    private final FileChannel ch;
    private final long length;
    private final ExtractionTarget target;

    private ZipReader(FileChannel ch, ExtractionTarget target) throws IOException {
        this.ch = ch;
        this.length = ch.size();
        this.target = target;
    }

    static void extract(Path archive, ExtractionTarget target) throws IOException {
        try (FileChannel ch = FileChannel.open(archive, StandardOpenOption.READ)) {
            new ZipReader(ch, target).entries();
        }
    }

    private void entries() throws IOException {
        long end = endOfCentralDirectory();
        ByteBuffer eocd = read(end, EOCD_SIZE);
        if (u16(eocd, 4) != 0 || u16(eocd, 6) != 0 || u16(eocd, 8) != u16(eocd, 10)) {
            throw corrupt("spans several disks, which is not supported");
        }
        int count = u16(eocd, 10);
        long cdSize = u32(eocd, 12);
        long cdOffset = u32(eocd, 16);
        if (count == 0xffff || cdOffset == 0xffffffffL || cdSize == 0xffffffffL || zip64Locator(end)) {
            throw corrupt("uses zip64, which is not supported");
        }
        if (count > target.maxEntries()) {
            throw target.refused(
                    Reason.TOO_MANY_ENTRIES, "", "has " + count + " entries, more than " + target.maxEntries());
        }
        if (cdOffset + cdSize > end) {
            throw corrupt("has a central directory that runs into its end record");
        }
        ByteBuffer cd = read(cdOffset, (int) cdSize);
        List<ZipEntryHeader> headers = new ArrayList<>(count);
        long declared = 0;
        int at = 0;
        for (int i = 0; i < count; i++) {
            ZipEntryHeader h = ZipEntryHeader.parse(target, cd, at);
            headers.add(h);
            declared += h.size();
            at = h.next();
        }
        if (at != cdSize) {
            throw corrupt("has a central directory of " + cdSize + " bytes whose " + count + " entries take " + at);
        }
        if (declared > target.maxInflated()) {
            throw target.refused(
                    Reason.TOO_LARGE,
                    "",
                    "declares " + declared + " inflated bytes, more than " + target.maxInflated() + " (the cap)");
        }
        for (ZipEntryHeader h : headers) {
            entry(h, cdOffset);
        }
    }

    private void entry(ZipEntryHeader h, long cdOffset) throws IOException {
        String raw = h.name();
        int type = h.mode() & 0170000;
        if (type == 0120000) {
            throw target.refused(Reason.LINK, raw, "is a symbolic link");
        }
        if (type != 0 && type != 0100000 && type != 0040000) {
            throw target.refused(Reason.SPECIAL_FILE, raw, "is a device, a FIFO or a socket");
        }
        String name = target.name(raw);
        if (raw.endsWith("/") || type == 0040000) {
            target.directory(name);
        } else if (name.isEmpty()) {
            throw target.refused(Reason.BAD_NAME, raw, "is a file without a name");
        } else {
            try (InputStream body = body(h, cdOffset)) {
                target.file(name, (h.mode() & 0100) != 0, body);
            }
        }
    }

    private InputStream body(ZipEntryHeader h, long cdOffset) throws IOException {
        String raw = h.name();
        if (h.method() != ZipEntryHeader.STORED && h.method() != ZipEntryHeader.DEFLATED) {
            throw target.refused(
                    Reason.CORRUPT,
                    raw,
                    "uses compression method " + h.method() + " (only stored and deflate are supported)");
        }
        if (h.method() == ZipEntryHeader.STORED && h.compressed() != h.size()) {
            throw target.refused(Reason.CORRUPT, raw, "is stored but declares different compressed and inflated sizes");
        }
        ByteBuffer local = read(h.local(), LOCAL_SIZE);
        if (local.getInt(0) != LOCAL) {
            throw target.refused(Reason.CORRUPT, raw, "has no local header where the directory says");
        }
        int nameLength = u16(local, 26);
        byte[] localName = new byte[nameLength];
        read(h.local() + LOCAL_SIZE, nameLength).get(localName);
        if (!Arrays.equals(localName, h.rawName())) {
            throw target.refused(Reason.CORRUPT, raw, "has a local header with another name");
        }
        if (u16(local, 8) != h.method()) {
            throw target.refused(Reason.CORRUPT, raw, "has a local header with another compression method");
        }
        boolean descriptor = (u16(local, 6) & DATA_DESCRIPTOR) != 0;
        if (!agrees(u32(local, 14), h.crc(), descriptor)
                || !agrees(u32(local, 18), h.compressed(), descriptor)
                || !agrees(u32(local, 22), h.size(), descriptor)) {
            throw target.refused(
                    Reason.CORRUPT, raw, "has a local header whose CRC-32 or sizes differ from the directory's");
        }
        long data = h.local() + LOCAL_SIZE + nameLength + u16(local, 28);
        if (data + h.compressed() > cdOffset) {
            throw target.refused(Reason.CORRUPT, raw, "has data that runs into the central directory");
        }
        return new ZipEntryBody(ch, h, data, target);
    }

    /** A local header's value is the directory's; with a data descriptor it may also be 0 (not known yet). */
    private static boolean agrees(long local, long central, boolean descriptor) {
        return local == central || descriptor && local == 0;
    }

    /** The end record: the last signature whose comment runs exactly to the end of the file. */
    private long endOfCentralDirectory() throws IOException {
        int tail = (int) Math.min(length, EOCD_SIZE + 0xffff);
        if (tail < EOCD_SIZE) {
            throw corrupt("is too short to be a zip archive");
        }
        ByteBuffer b = read(length - tail, tail);
        for (int i = tail - EOCD_SIZE; i >= 0; i--) {
            if (b.getInt(i) == EOCD && i + EOCD_SIZE + u16(b, i + 20) == tail) {
                return length - tail + i;
            }
        }
        throw corrupt("has no end-of-central-directory record that ends the file");
    }

    private boolean zip64Locator(long end) throws IOException {
        return end >= ZIP64_LOCATOR_SIZE && read(end - ZIP64_LOCATOR_SIZE, 4).getInt(0) == ZIP64_LOCATOR;
    }

    private ByteBuffer read(long offset, int size) throws IOException {
        if (offset < 0 || offset + size > length) {
            throw corrupt("points outside the file");
        }
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, offset + b.position()) < 0) {
                throw corrupt("is truncated");
            }
        }
        return b.flip();
    }

    private ArchiveRefused corrupt(String what) {
        return target.refused(Reason.CORRUPT, "", what);
    }
}
