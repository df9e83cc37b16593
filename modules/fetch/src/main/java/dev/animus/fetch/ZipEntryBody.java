package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The data of one zip entry, stored or inflated from the file's bytes {@code [start, start +
 * compressed)}. Each byte produced is counted against the cap before it is returned, and one past
 * the declared size refuses the archive; at the end the size and CRC-32 must be the declared ones
 * and no compressed byte may be left over.
 */
final class ZipEntryBody extends ChunkedInput {
    private final FileChannel ch;
    private final ZipEntryHeader entry;
    private final ExtractionTarget target;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final byte[] input = new byte[16 * 1024];
    private final long end;
    private long position;
    private long produced;
    private boolean done;

    ZipEntryBody(FileChannel ch, ZipEntryHeader entry, long start, ExtractionTarget target) {
        this.ch = ch;
        this.entry = entry;
        this.target = target;
        this.position = start;
        this.end = start + entry.compressed();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (done) {
            return -1;
        }
        int n = entry.method() == ZipEntryHeader.STORED ? copy(b, off, len) : inflate(b, off, len);
        if (n < 0) {
            done = true;
            verify();
            return -1;
        }
        produced += n;
        if (produced > entry.size()) {
            throw corrupt("inflates to more than its declared " + entry.size() + " bytes");
        }
        target.inflated(n);
        crc.update(b, off, n);
        return n;
    }

    private int copy(byte[] b, int off, int len) throws IOException {
        if (position == end) {
            return -1;
        }
        int n = fill(ByteBuffer.wrap(b, off, (int) Math.min(len, end - position)));
        position += n;
        return n;
    }

    /** Each turn produces output, consumes input or throws, so corrupt data cannot make it spin. */
    private int inflate(byte[] b, int off, int len) throws IOException {
        while (true) {
            long consumed = inflater.getBytesRead();
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw corrupt("has corrupt compressed data");
            }
            if (n > 0) {
                return n;
            }
            if (inflater.finished()) {
                return -1;
            }
            if (inflater.needsDictionary()) {
                throw corrupt("needs a preset dictionary");
            }
            if (inflater.needsInput()) {
                if (position == end) {
                    throw corrupt("ends inside its compressed data");
                }
                int got = fill(ByteBuffer.wrap(input, 0, (int) Math.min(input.length, end - position)));
                position += got;
                inflater.setInput(input, 0, got);
            } else if (inflater.getBytesRead() == consumed) {
                throw corrupt("has compressed data that makes no progress");
            }
        }
    }

    private int fill(ByteBuffer into) throws IOException {
        int n = 0;
        while (into.hasRemaining()) {
            int got = ch.read(into, position + n);
            if (got < 0) {
                throw corrupt("is truncated");
            }
            n += got;
        }
        return n;
    }

    private void verify() {
        long unused = inflater.getRemaining() + (end - position);
        if (entry.method() == ZipEntryHeader.DEFLATED && unused != 0) {
            throw corrupt("has " + unused + " bytes after its compressed data");
        }
        if (produced != entry.size()) {
            throw corrupt("inflates to " + produced + " bytes, not its declared " + entry.size());
        }
        if (crc.getValue() != entry.crc()) {
            throw corrupt("fails its CRC-32 check");
        }
    }

    @Override
    public void close() {
        inflater.end();
    }

    private ArchiveRefused corrupt(String what) {
        return target.refused(Reason.CORRUPT, entry.name(), what);
    }
}
