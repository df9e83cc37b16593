package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * A {@code .tar.gz} reader of our own (no library): ustar headers with their checksum and POSIX
 * {@code prefix} ({@link TarHeaders}), GNU long names ({@code L}) and pax {@code path} and
 * {@code size} records ({@code x}, {@link TarPax}); files and directories are extracted, links,
 * devices and FIFOs refuse the archive, anything else is corrupt. Every byte the gzip stream
 * inflates to is counted against the cap as it is read (headers, padding, and what follows the two
 * end blocks, which is read to the end so that the gzip trailer's CRC-32 and ISIZE are checked).
 */
final class TarGzReader {
    private static final int BLOCK = TarHeaders.BLOCK;
    /** Long names and pax headers are small; a bigger one is an attack or a corrupt archive. */
    private static final int MAX_META = 1 << 20;

    private final InputStream in;
    private final ExtractionTarget target;
    private Optional<String> nextName = Optional.empty();
    private OptionalLong nextSize = OptionalLong.empty();

    private TarGzReader(InputStream in, ExtractionTarget target) {
        this.in = in;
        this.target = target;
    }

    static void extract(InputStream raw, ExtractionTarget target) throws IOException {
        try (InputStream gz = new GZIPInputStream(raw, 64 * 1024)) {
            new TarGzReader(new Counted(gz, target), target).entries();
        } catch (ZipException | EOFException e) {
            throw target.refused(Reason.CORRUPT, "", "is not a complete gzip stream (" + e.getMessage() + ")");
        }
    }

    private void entries() throws IOException {
        byte[] header = new byte[BLOCK];
        while (true) {
            if (!readBlock(header)) {
                throw target.refused(Reason.CORRUPT, "", "ends without the two zero blocks of a tar archive");
            }
            if (isZero(header)) {
                if (!readBlock(header) || !isZero(header)) {
                    throw target.refused(Reason.CORRUPT, "", "has a lone zero block");
                }
                in.transferTo(OutputStream.nullOutputStream()); // counted; reaches the gzip trailer's checks
                return;
            }
            entry(header);
        }
    }

    private void entry(byte[] h) throws IOException {
        TarHeaders.checkChecksum(target, h);
        long headerSize = TarHeaders.number(target, h, 124, 12, "size");
        char type = (char) (h[156] & 0xff);
        switch (type) {
            case 'L' -> nextName = Optional.of(cString(meta(h, headerSize)));
            case 'x' -> {
                TarPax pax = TarPax.parse(target, TarHeaders.shown(h), meta(h, headerSize));
                pax.path().ifPresent(p -> nextName = Optional.of(p));
                if (pax.size().isPresent()) {
                    nextSize = pax.size();
                }
            }
            case 'g', 'K' -> skip(headerSize);
            case '0', '\0', '7', '5' -> member(h, type, nextSize.orElse(headerSize));
            case '1', '2' -> throw target.refused(Reason.LINK, raw(h), "is a link");
            case '3', '4', '6' -> throw target.refused(Reason.SPECIAL_FILE, raw(h), "is a device or a FIFO");
            default ->
                throw target.refused(
                        Reason.CORRUPT,
                        TarHeaders.shown(h),
                        "has the unknown tar type '"
                                + (type >= 0x21 && type < 0x7f
                                        ? String.valueOf(type)
                                        : String.format("0x%02x", (int) type))
                                + "'");
        }
    }

    /** A file or directory, {@code size} bytes of data (a pax {@code size} overrides the header's). */
    private void member(byte[] h, char type, long size) throws IOException {
        String raw = raw(h);
        nextName = Optional.empty();
        nextSize = OptionalLong.empty();
        String name = target.name(raw);
        if (type == '5' || raw.endsWith("/") && type == '\0') {
            target.directory(name);
            skip(size);
        } else if (raw.endsWith("/")) {
            throw target.refused(Reason.BAD_NAME, raw, "ends with '/' but is a regular file");
        } else if (name.isEmpty()) {
            throw target.refused(Reason.BAD_NAME, raw, "is a file without a name");
        } else {
            boolean executable = (TarHeaders.number(target, h, 100, 8, "mode") & 0100) != 0;
            target.file(name, executable, new Bounded(in, size));
            skipPadding(size);
        }
    }

    /** The entry's name: a pax path or GNU long name before it, else its header's. */
    private String raw(byte[] h) {
        return nextName.isPresent() ? nextName.get() : TarHeaders.name(target, h);
    }

    private String cString(byte[] data) {
        int n = 0;
        while (n < data.length && data[n] != 0) {
            n++;
        }
        return target.utf8(data, 0, n);
    }

    private byte[] meta(byte[] h, long size) throws IOException {
        if (size > MAX_META) {
            throw target.refused(Reason.CORRUPT, TarHeaders.shown(h), "has a " + size + "-byte name or pax header");
        }
        byte[] data = new Bounded(in, size).readAllBytes();
        skipPadding(size);
        return data;
    }

    private void skip(long size) throws IOException {
        in.skipNBytes(size + (BLOCK - size % BLOCK) % BLOCK); // EOFException on a truncated archive
    }

    private void skipPadding(long size) throws IOException {
        in.skipNBytes((BLOCK - size % BLOCK) % BLOCK);
    }

    private boolean readBlock(byte[] block) throws IOException {
        int n = in.readNBytes(block, 0, BLOCK);
        if (n == 0) {
            return false;
        }
        if (n < BLOCK) {
            throw target.refused(Reason.CORRUPT, "", "is truncated inside a header");
        }
        return true;
    }

    private static boolean isZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    /** The inflated tar stream, every byte read (or skipped) counted against the cap before it is used. */
    private static final class Counted extends ChunkedInput {
        private final InputStream base;
        private final ExtractionTarget target;

        Counted(InputStream base, ExtractionTarget target) {
            this.base = base;
            this.target = target;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = base.read(b, off, len);
            if (n > 0) {
                target.inflated(n);
            }
            return n;
        }
    }

    /** Exactly {@code size} bytes of the underlying stream; fewer is a truncated archive. */
    private final class Bounded extends ChunkedInput {
        private final InputStream base;
        private long left;

        Bounded(InputStream base, long left) {
            this.base = base;
            this.left = left;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left == 0) {
                return -1;
            }
            if (len == 0) {
                return 0;
            }
            int n = base.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw target.refused(Reason.CORRUPT, "", "is truncated inside an entry");
            }
            left -= n;
            return n;
        }
    }
}
