package dev.animus.rpc;

import java.util.Arrays;

/**
 * The head of a frame that spans reads. Grows by doubling up to the frame bound, never past it,
 * and gives back memory a large frame took once that frame is done.
 */
final class PartialFrame {
    private static final int SMALL = 8 * 1024;
    private static final int KEEP_UP_TO = 1024 * 1024;

    private final int bound;
    private byte[] bytes = new byte[SMALL];
    private int length;

    PartialFrame(int bound) {
        this.bound = bound;
    }

    /** Appends {@code [from, to)}; the caller guarantees the total stays within the bound. */
    void append(byte[] b, int from, int to) {
        int needed = length + (to - from);
        if (needed > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(bound, Math.max(needed, 2L * bytes.length)));
        }
        System.arraycopy(b, from, bytes, length, to - from);
        length = needed;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    int capacity() {
        return bytes.length;
    }

    void clear() {
        length = 0;
        if (bytes.length > KEEP_UP_TO) {
            bytes = new byte[SMALL];
        }
    }
}
