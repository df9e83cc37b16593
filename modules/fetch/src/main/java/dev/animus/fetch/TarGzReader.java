package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * A {@code .tar.gz} reader of our own (no library): ustar headers with their checksum and
 * {@code prefix}, GNU long names ({@code L}) and pax {@code path} records ({@code x}); files and
 * directories are extracted, links, devices and FIFOs refuse the archive, anything else is corrupt.
 */
final class TarGzReader {
    private static final int BLOCK = 512;
    /** Long names and pax headers are small; a bigger one is an attack or a corrupt archive. */
    private static final int MAX_META = 1 << 20;

    private final InputStream in;
    private final ExtractionTarget target;
    private Optional<String> nextName = Optional.empty();

    private TarGzReader(InputStream in, ExtractionTarget target) {
        this.in = in;
        this.target = target;
    }

    static void extract(InputStream raw, ExtractionTarget target) throws IOException {
        try (InputStream gz = new GZIPInputStream(raw, 64 * 1024)) {
            new TarGzReader(gz, target).entries();
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
                return;
            }
            entry(header);
        }
    }

    private void entry(byte[] h) throws IOException {
        checkChecksum(h);
        long size = number(h, 124, 12);
        char type = (char) (h[156] & 0xff);
        String headerName = header(h);
        switch (type) {
            case 'L' -> nextName = Optional.of(trimNul(new String(meta(size), StandardCharsets.UTF_8)));
            case 'x' -> paxPath(new String(meta(size), StandardCharsets.UTF_8)).ifPresent(p -> nextName = Optional.of(p));
            case 'g' -> skip(size);
            case '0', '\0', '7', '5' -> {
                String raw = nextName.orElse(headerName);
                nextName = Optional.empty();
                String name = target.name(raw);
                if (type == '5' || raw.endsWith("/") && type != '0' && type != '7') {
                    target.directory(name);
                    skip(size);
                } else if (name.isEmpty()) {
                    throw target.refused(Reason.BAD_NAME, raw, "is a file without a name");
                } else {
                    boolean executable = (number(h, 100, 8) & 0100) != 0;
                    target.file(name, executable, new Bounded(in, size));
                    skipPadding(size);
                }
            }
            case '1', '2' -> throw target.refused(Reason.LINK, nextName.orElse(headerName), "is a link");
            case '3', '4', '6' -> throw target.refused(Reason.SPECIAL_FILE, nextName.orElse(headerName),
                    "is a device or a FIFO");
            default -> throw target.refused(Reason.CORRUPT, headerName, "has the unknown tar type '" + type + "'");
        }
    }

    private String header(byte[] h) {
        String name = field(h, 0, 100);
        boolean ustar = new String(h, 257, 5, StandardCharsets.US_ASCII).equals("ustar");
        String prefix = ustar ? field(h, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    private void checkChecksum(byte[] h) {
        long stored = number(h, 148, 8);
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += i >= 148 && i < 156 ? ' ' : (h[i] & 0xff);
        }
        if (sum != stored) {
            throw target.refused(Reason.CORRUPT, field(h, 0, 100), "has a bad header checksum");
        }
    }

    /** An octal field, or GNU base-256 when its first byte has the high bit set. */
    private long number(byte[] h, int off, int len) {
        if ((h[off] & 0x80) != 0) {
            long v = h[off] & 0x7f;
            for (int i = off + 1; i < off + len; i++) {
                if (v > (Long.MAX_VALUE >> 8)) {
                    throw target.refused(Reason.CORRUPT, "", "has a number too large for any archive");
                }
                v = (v << 8) | (h[i] & 0xff);
            }
            return v;
        }
        String s = field(h, off, len).trim();
        if (s.isEmpty()) {
            return 0;
        }
        try {
            return Long.parseLong(s, 8);
        } catch (NumberFormatException e) {
            throw target.refused(Reason.CORRUPT, "", "has a malformed number '" + s + "' in a header");
        }
    }

    private static String field(byte[] h, int off, int len) {
        int end = off;
        while (end < off + len && h[end] != 0) {
            end++;
        }
        return new String(h, off, end - off, StandardCharsets.UTF_8);
    }

    private static String trimNul(String s) {
        int nul = s.indexOf('\0');
        return nul >= 0 ? s.substring(0, nul) : s;
    }

    /** The {@code path} record of a pax header ({@code "<len> path=<value>\n"} records). */
    private Optional<String> paxPath(String records) {
        Optional<String> path = Optional.empty();
        int at = 0;
        while (at < records.length()) {
            int space = records.indexOf(' ', at);
            int len;
            try {
                len = space < 0 ? -1 : Integer.parseInt(records.substring(at, space));
            } catch (NumberFormatException e) {
                len = -1;
            }
            if (len <= space - at || at + len > records.length()) {
                throw target.refused(Reason.CORRUPT, "", "has a malformed pax header");
            }
            String record = records.substring(space + 1, at + len - 1);
            if (record.startsWith("path=")) {
                path = Optional.of(record.substring(5));
            }
            at += len;
        }
        return path;
    }

    private byte[] meta(long size) throws IOException {
        if (size > MAX_META) {
            throw target.refused(Reason.CORRUPT, "", "has a " + size + "-byte name or pax header");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new Bounded(in, size).transferTo(out);
        target.inflated(size);
        skipPadding(size);
        return out.toByteArray();
    }

    private void skip(long size) throws IOException {
        long padded = (size + BLOCK - 1) / BLOCK * BLOCK;
        target.inflated(padded);
        in.skipNBytes(padded); // throws EOFException on a truncated archive
    }

    private void skipPadding(long size) throws IOException {
        long pad = (BLOCK - size % BLOCK) % BLOCK;
        in.skipNBytes(pad);
    }

    private boolean readBlock(byte[] block) throws IOException {
        int n = in.readNBytes(block, 0, BLOCK);
        if (n == 0) {
            return false;
        }
        if (n < BLOCK) {
            throw target.refused(Reason.CORRUPT, "", "is truncated inside a header");
        }
        target.inflated(BLOCK);
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
            int n = base.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw target.refused(Reason.CORRUPT, "", "is truncated inside an entry");
            }
            left -= n;
            return n;
        }
    }
}
