package dev.animus.fetch;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A zip written by hand with every field settable, so a test can make an entry lie about its
 * CRC-32 or sizes, a local header disagree with the central directory, or the end record claim
 * another disk or zip64. The defaults are a valid zip ({@link TestArchives#zip} makes simpler ones).
 */
final class ZipBytes {
    /** One entry; each field is what gets written, and they start out true to {@code data}. */
    static final class Entry {
        byte[] name;
        byte[] localName;
        byte[] data;
        byte[] payload;
        int madeBy = 3 << 8 | 20;
        int mode = 0100644;
        int flags = 0x800;
        int localFlags = 0x800;
        int method;
        int localMethod;
        int diskStart;
        long crc;
        long compressed;
        long size;
        long localCrc;
        long localCompressed;
        long localSize;

        Entry(String name, byte[] data, boolean deflate) {
            this.name = name.getBytes(StandardCharsets.UTF_8);
            this.localName = this.name;
            this.data = data;
            this.method = deflate ? 8 : 0;
            this.localMethod = method;
            this.payload = deflate ? deflate(data) : data;
            CRC32 c = new CRC32();
            c.update(data);
            this.crc = this.localCrc = c.getValue();
            this.compressed = this.localCompressed = payload.length;
            this.size = this.localSize = data.length;
        }

        Entry with(UnaryOperator<Entry> change) {
            return change.apply(this);
        }
    }

    final List<Entry> entries = new ArrayList<>();
    int count = -1;
    int disk;
    long cdSizeDelta;
    boolean zip64Locator;
    byte[] trailing = new byte[0];

    static Entry stored(String name, String data) {
        return new Entry(name, data.getBytes(StandardCharsets.UTF_8), false);
    }

    static Entry deflated(String name, String data) {
        return new Entry(name, data.getBytes(StandardCharsets.UTF_8), true);
    }

    static ZipBytes of(Entry... entries) {
        ZipBytes z = new ZipBytes();
        z.entries.addAll(List.of(entries));
        return z;
    }

    ZipBytes with(UnaryOperator<ZipBytes> change) {
        return change.apply(this);
    }

    byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream central = new ByteArrayOutputStream();
        for (Entry e : entries) {
            int offset = out.size();
            out.writeBytes(le(30 + e.localName.length)
                    .putInt(0x04034b50)
                    .putShort((short) 20)
                    .putShort((short) e.localFlags)
                    .putShort((short) e.localMethod)
                    .putInt(0)
                    .putInt((int) e.localCrc)
                    .putInt((int) e.localCompressed)
                    .putInt((int) e.localSize)
                    .putShort((short) e.localName.length)
                    .putShort((short) 0)
                    .put(e.localName)
                    .array());
            out.writeBytes(e.payload);
            central.writeBytes(le(46 + e.name.length)
                    .putInt(0x02014b50)
                    .putShort((short) e.madeBy)
                    .putShort((short) 20)
                    .putShort((short) e.flags)
                    .putShort((short) e.method)
                    .putInt(0)
                    .putInt((int) e.crc)
                    .putInt((int) e.compressed)
                    .putInt((int) e.size)
                    .putShort((short) e.name.length)
                    .putShort((short) 0)
                    .putShort((short) 0)
                    .putShort((short) e.diskStart)
                    .putShort((short) 0)
                    .putInt(e.mode << 16)
                    .putInt(offset)
                    .put(e.name)
                    .array());
        }
        int cdOffset = out.size();
        out.writeBytes(central.toByteArray());
        if (zip64Locator) {
            out.writeBytes(
                    le(20).putInt(0x07064b50).putInt(0).putLong(0).putInt(1).array());
        }
        int n = count >= 0 ? count : entries.size();
        out.writeBytes(le(22).putInt(0x06054b50)
                .putShort((short) disk)
                .putShort((short) disk)
                .putShort((short) n)
                .putShort((short) n)
                .putInt((int) (central.size() + cdSizeDelta))
                .putInt(cdOffset)
                .putShort((short) 0)
                .array());
        out.writeBytes(trailing);
        return out.toByteArray();
    }

    static byte[] deflate(byte[] data) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        d.setInput(data);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        while (!d.finished()) {
            out.write(buffer, 0, d.deflate(buffer));
        }
        d.end();
        return out.toByteArray();
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
