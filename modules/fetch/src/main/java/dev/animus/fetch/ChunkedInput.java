package dev.animus.fetch;

import java.io.IOException;
import java.io.InputStream;

/** An input stream that only implements bulk reads; the single-byte read goes through them. */
abstract class ChunkedInput extends InputStream {
    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public abstract int read(byte[] b, int off, int len) throws IOException;
}
