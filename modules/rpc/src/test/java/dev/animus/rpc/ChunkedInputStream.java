package dev.animus.rpc;

import java.io.InputStream;
import java.util.SplittableRandom;

/** Hands out a byte array in reads of random sizes, from 1 byte to a little over 64 KiB. */
final class ChunkedInputStream extends InputStream {
    private final byte[] data;
    private final SplittableRandom random;
    private int position;

    ChunkedInputStream(byte[] data, SplittableRandom random) {
        this.data = data;
        this.random = random;
    }

    @Override
    public int read() {
        return position < data.length ? data[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (position == data.length) {
            return -1;
        }
        int size = switch (random.nextInt(4)) {
            case 0 -> 1;
            case 1 -> 1 + random.nextInt(8);
            case 2 -> 1 + random.nextInt(200);
            default -> 1 + random.nextInt(70_000);
        };
        int n = Math.min(Math.min(size, len), data.length - position);
        System.arraycopy(data, position, b, off, n);
        position += n;
        return n;
    }
}
