package dev.animus.fetch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;

/** Archives built byte by byte, so a test can make the hostile entries no archiver would write. */
final class TestArchives {
    private TestArchives() {}

    /** One tar entry: {@code type} is the typeflag ('0' file, '5' dir, '2' symlink, 'L' long name, 'x' pax ...). */
    record TarEntry(String name, char type, int mode, byte[] body) {
        static TarEntry file(String name, String body) {
            return new TarEntry(name, '0', 0644, body.getBytes(StandardCharsets.UTF_8));
        }

        static TarEntry executable(String name, String body) {
            return new TarEntry(name, '0', 0755, body.getBytes(StandardCharsets.UTF_8));
        }

        static TarEntry of(String name, char type) {
            return new TarEntry(name, type, 0644, new byte[0]);
        }
    }

    static byte[] tarGz(List<TarEntry> entries) throws IOException {
        return gzip(tar(entries));
    }

    /** The tar itself, not gzipped. */
    static byte[] tar(List<TarEntry> entries) {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        for (TarEntry e : entries) {
            tar.writeBytes(header(e.name(), e.type(), e.mode(), e.body().length));
            tar.writeBytes(e.body());
            tar.writeBytes(new byte[(512 - e.body().length % 512) % 512]);
        }
        tar.writeBytes(new byte[1024]);
        return tar.toByteArray();
    }

    /** {@code parts} (headers and bodies, each padded to whole blocks) then the two end blocks, gzipped. */
    static byte[] tarGzOf(byte[]... parts) throws IOException {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            tar.writeBytes(part);
            tar.writeBytes(new byte[(512 - part.length % 512) % 512]);
        }
        tar.writeBytes(new byte[1024]);
        return gzip(tar.toByteArray());
    }

    static byte[] gzip(byte[] raw) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(raw);
        }
        return bytes.toByteArray();
    }

    /** {@code h} with its checksum field set to the sum of its bytes (after a test changed some). */
    static byte[] withChecksum(byte[] h) {
        for (int i = 148; i < 156; i++) {
            h[i] = ' ';
        }
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        put(h, 148, 8, String.format("%06o", sum) + "\0 ");
        return h;
    }

    static byte[] header(String name, char type, int mode, long size) {
        byte[] h = new byte[512];
        put(h, 0, 100, name);
        put(h, 100, 8, String.format("%07o", mode));
        put(h, 108, 8, "0000000");
        put(h, 116, 8, "0000000");
        put(h, 124, 12, String.format("%011o", size));
        put(h, 136, 12, "00000000000");
        h[156] = (byte) type;
        put(h, 257, 6, "ustar");
        put(h, 263, 2, "00");
        for (int i = 148; i < 156; i++) {
            h[i] = ' ';
        }
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        put(h, 148, 8, String.format("%06o", sum) + "\0 ");
        return h;
    }

    private static void put(byte[] h, int off, int len, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(b, 0, h, off, Math.min(len, b.length));
    }

    /** A pax record {@code "<len> key=value\n"}. */
    static String pax(String key, String value) {
        String body = " " + key + "=" + value + "\n";
        int len = body.length();
        while (String.valueOf(len).length() + body.length() != len) {
            len = String.valueOf(len).length() + body.length();
        }
        return len + body;
    }

    /** One stored zip entry with a unix mode in its external attributes. */
    record ZipEntry(String name, int unixMode, byte[] body) {
        static ZipEntry file(String name, int mode, String body) {
            return new ZipEntry(name, 0100000 | mode, body.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A zip of stored entries written by hand (version made by: unix). */
    static byte[] zip(List<ZipEntry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream central = new ByteArrayOutputStream();
        for (ZipEntry e : entries) {
            byte[] name = e.name().getBytes(StandardCharsets.UTF_8);
            CRC32 crc = new CRC32();
            crc.update(e.body());
            int offset = out.size();
            ByteBuffer local = le(30 + name.length)
                    .putInt(0x04034b50)
                    .putShort((short) 10)
                    .putShort((short) 0x800)
                    .putShort((short) 0)
                    .putInt(0)
                    .putInt((int) crc.getValue())
                    .putInt(e.body().length)
                    .putInt(e.body().length)
                    .putShort((short) name.length)
                    .putShort((short) 0)
                    .put(name);
            out.writeBytes(local.array());
            out.writeBytes(e.body());
            ByteBuffer c = le(46 + name.length)
                    .putInt(0x02014b50)
                    .putShort((short) (3 << 8 | 20))
                    .putShort((short) 10)
                    .putShort((short) 0x800)
                    .putShort((short) 0)
                    .putInt(0)
                    .putInt((int) crc.getValue())
                    .putInt(e.body().length)
                    .putInt(e.body().length)
                    .putShort((short) name.length)
                    .putShort((short) 0)
                    .putShort((short) 0)
                    .putShort((short) 0)
                    .putShort((short) 0)
                    .putInt(e.unixMode() << 16)
                    .putInt(offset)
                    .put(name);
            central.writeBytes(c.array());
        }
        int cdOffset = out.size();
        out.writeBytes(central.toByteArray());
        ByteBuffer eocd = le(22).putInt(0x06054b50)
                .putShort((short) 0)
                .putShort((short) 0)
                .putShort((short) entries.size())
                .putShort((short) entries.size())
                .putInt(central.size())
                .putInt(cdOffset)
                .putShort((short) 0);
        out.writeBytes(eocd.array());
        return out.toByteArray();
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
