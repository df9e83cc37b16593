package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A zip reader that reads the central directory itself, since {@code ZipInputStream} cannot tell
 * a symbolic link from a file: the unix mode in each entry's external attributes decides (links,
 * devices and FIFOs refuse the archive). Stored and deflated entries only; encrypted entries and
 * zip64 are refused as unsupported. Inflated bytes are counted as they are produced, never taken
 * from the declared sizes.
 */
final class ZipReader {
    private static final int EOCD = 0x06054b50;
    private static final int CENTRAL = 0x02014b50;
    private static final int LOCAL = 0x04034b50;
    private static final int UNIX = 3;

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
        ByteBuffer eocd = endOfCentralDirectory();
        int count = eocd.getShort(10) & 0xffff;
        long cdSize = eocd.getInt(12) & 0xffffffffL;
        long cdOffset = eocd.getInt(16) & 0xffffffffL;
        if (count == 0xffff || cdOffset == 0xffffffffL || cdSize == 0xffffffffL) {
            throw corrupt("uses zip64, which is not supported");
        }
        if (cdOffset + cdSize > length) {
            throw corrupt("has a central directory outside the file");
        }
        ByteBuffer cd = read(cdOffset, (int) cdSize);
        int at = 0;
        for (int i = 0; i < count; i++) {
            at = entry(cd, at);
        }
    }

    private int entry(ByteBuffer cd, int at) throws IOException {
        if (at + 46 > cd.limit() || cd.getInt(at) != CENTRAL) {
            throw corrupt("has a malformed central directory");
        }
        int madeBy = (cd.getShort(at + 4) & 0xffff) >>> 8;
        int flags = cd.getShort(at + 8) & 0xffff;
        int method = cd.getShort(at + 10) & 0xffff;
        long compressed = cd.getInt(at + 20) & 0xffffffffL;
        int nameLen = cd.getShort(at + 28) & 0xffff;
        int extraLen = cd.getShort(at + 30) & 0xffff;
        int commentLen = cd.getShort(at + 32) & 0xffff;
        long external = cd.getInt(at + 38) & 0xffffffffL;
        long local = cd.getInt(at + 42) & 0xffffffffL;
        if (at + 46 + nameLen > cd.limit()) {
            throw corrupt("has a malformed central directory");
        }
        byte[] nameBytes = new byte[nameLen];
        cd.get(at + 46, nameBytes);
        String raw = new String(nameBytes, StandardCharsets.UTF_8);
        int mode = madeBy == UNIX ? (int) (external >>> 16) : 0;
        int type = mode & 0170000;
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
            if ((flags & 1) != 0) {
                throw target.refused(Reason.CORRUPT, raw, "is encrypted");
            }
            target.file(name, (mode & 0100) != 0, body(raw, method, local, compressed));
        }
        return at + 46 + nameLen + extraLen + commentLen;
    }

    private InputStream body(String raw, int method, long local, long compressed) throws IOException {
        ByteBuffer h = read(local, 30);
        if (h.getInt(0) != LOCAL) {
            throw target.refused(Reason.CORRUPT, raw, "has no local header where the directory says");
        }
        long data = local + 30 + (h.getShort(26) & 0xffff) + (h.getShort(28) & 0xffff);
        if (data + compressed > length) {
            throw target.refused(Reason.CORRUPT, raw, "has data outside the file");
        }
        return switch (method) {
            case 0 -> new Slice(data, compressed);
            case 8 -> new Inflating(raw, new Slice(data, compressed));
            default -> throw target.refused(Reason.CORRUPT, raw, "uses compression method " + method
                    + " (only stored and deflate are supported)");
        };
    }

    private ByteBuffer endOfCentralDirectory() throws IOException {
        int tail = (int) Math.min(length, 22 + 0xffff);
        if (tail < 22) {
            throw corrupt("is too short to be a zip archive");
        }
        ByteBuffer b = read(length - tail, tail);
        for (int i = tail - 22; i >= 0; i--) {
            if (b.getInt(i) == EOCD) {
                return b.slice(i, 22).order(ByteOrder.LITTLE_ENDIAN);
            }
        }
        throw corrupt("has no end-of-central-directory record");
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

    /** {@code size} bytes of the file from {@code offset}. */
    private final class Slice extends ChunkedInput {
        private long pos;
        private final long end;

        Slice(long offset, long size) {
            this.pos = offset;
            this.end = offset + size;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos >= end) {
                return -1;
            }
            int n = ch.read(ByteBuffer.wrap(b, off, (int) Math.min(len, end - pos)), pos);
            if (n < 0) {
                throw corrupt("is truncated");
            }
            pos += n;
            return n;
        }
    }

    /** Raw deflate over a slice; what it produces is counted by the target as it is written. */
    private final class Inflating extends ChunkedInput {
        private final String raw;
        private final InputStream source;
        private final Inflater inflater = new Inflater(true);
        private final byte[] input = new byte[16 * 1024];

        Inflating(String raw, InputStream source) {
            this.raw = raw;
            this.source = source;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                while (true) {
                    int n = inflater.inflate(b, off, len);
                    if (n > 0) {
                        return n;
                    }
                    if (inflater.finished()) {
                        inflater.end();
                        return -1;
                    }
                    if (inflater.needsDictionary()) {
                        throw target.refused(Reason.CORRUPT, raw, "needs a preset dictionary");
                    }
                    int got = source.read(input);
                    if (got < 0) {
                        throw target.refused(Reason.CORRUPT, raw, "ends inside its compressed data");
                    }
                    inflater.setInput(input, 0, got);
                }
            } catch (DataFormatException e) {
                throw target.refused(Reason.CORRUPT, raw, "has corrupt compressed data");
            }
        }

        @Override
        public void close() {
            inflater.end();
        }
    }
}
