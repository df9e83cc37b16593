package dev.animus.rpc;

import java.io.OutputStream;
import java.util.Arrays;

/** A growable byte buffer to serialize frames into; unsynchronized (guarded by the writer lock). */
final class ByteSink extends OutputStream {
    private static final int INITIAL = 8 * 1024;
    private static final int KEEP_UP_TO = 1024 * 1024;

    private byte[] bytes = new byte[INITIAL];
    private int size;

    @Override
    public void write(int b) {
        ensure(size + 1);
        bytes[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        ensure(size + len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }

    byte[] array() {
        return bytes;
    }

    int size() {
        return size;
    }

    /** Drops the bytes after {@code newSize} (undoes a partial append). */
    void truncate(int newSize) {
        size = newSize;
    }

    /** Empties the buffer, giving back memory a very large frame took. */
    void reset() {
        size = 0;
        if (bytes.length > KEEP_UP_TO) {
            bytes = new byte[INITIAL];
        }
    }

    private void ensure(int capacity) {
        if (capacity > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(capacity, bytes.length * 2));
        }
    }
}
