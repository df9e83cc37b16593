package dev.animus.sdk;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An in-memory pipe for tests: what is written to {@link #sink()} is read from {@link #source()};
 * closing the sink is end of input. Unlike {@code java.nio} pipe streams it is not interruptible,
 * as a real stdout is not.
 */
final class MemoryPipe {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition readable = lock.newCondition();
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private int readPos;
    private boolean closed;

    OutputStream sink() {
        return new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                lock.lock();
                try {
                    buffer.write(b, off, len);
                    readable.signalAll();
                } finally {
                    lock.unlock();
                }
            }

            @Override
            public void close() {
                lock.lock();
                try {
                    closed = true;
                    readable.signalAll();
                } finally {
                    lock.unlock();
                }
            }
        };
    }

    InputStream source() {
        return new InputStream() {
            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                lock.lock();
                try {
                    while (readPos == buffer.size() && !closed) {
                        readable.awaitUninterruptibly();
                    }
                    if (readPos == buffer.size()) {
                        return -1;
                    }
                    byte[] all = buffer.toByteArray();
                    int n = Math.min(len, all.length - readPos);
                    System.arraycopy(all, readPos, b, off, n);
                    readPos += n;
                    return n;
                } finally {
                    lock.unlock();
                }
            }
        };
    }
}
