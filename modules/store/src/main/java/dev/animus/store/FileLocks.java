package dev.animus.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Exclusive locks on lock files, across processes and within this one
 * (docs/security.md#the-state-document): a {@link FileChannel} lock, which the OS releases if the
 * process dies, behind an in-process {@link ReentrantLock} per file, since one JVM cannot lock the
 * same file twice. Re-entrant for the thread that holds it. Waits are bounded.
 */
public final class FileLocks {
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final ConcurrentHashMap<Path, Holder> HOLDERS = new ConcurrentHashMap<>();

    private FileLocks() {}

    /** One held lock; {@link #close()} releases it (idempotent). */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    private static final class Holder {
        final ReentrantLock inProcess = new ReentrantLock();
        FileChannel channel;
        FileLock fileLock;
    }

    /**
     * Takes the lock on {@code lockFile} (created 0600 if missing, with its directory), waiting at
     * most {@code wait}. A lock file that is not a regular file (a FIFO, a directory, a link) is
     * refused, never opened in a way that could block.
     *
     * @throws LockTimedOut when it is not free in time
     * @throws UncheckedIOException naming the file when the lock file cannot be opened or is not a
     *     regular file
     */
    public static Held acquire(Path lockFile, Duration wait) {
        Path key = lockFile.toAbsolutePath().normalize();
        Holder h = HOLDERS.computeIfAbsent(key, k -> new Holder());
        long deadline = System.nanoTime() + wait.toNanos();
        try {
            if (!h.inProcess.tryLock(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new LockTimedOut(key, wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LockTimedOut(key, wait);
        }
        if (h.inProcess.getHoldCount() > 1) {
            return new Release(h);
        }
        try {
            h.channel = open(key);
            h.fileLock = lockBefore(h.channel, key, deadline, wait);
            return new Release(h);
        } catch (RuntimeException e) {
            closeChannel(h);
            h.inProcess.unlock();
            throw e;
        }
    }

    private static FileChannel open(Path key) {
        try {
            AtomicFile.createPrivateDirectories(key.getParent());
            DocumentFile.requireLockable(key);
            // read and write: opening a FIFO that took its place meanwhile for both does not block
            FileChannel ch = FileChannel.open(
                    key,
                    Set.of(
                            StandardOpenOption.CREATE,
                            StandardOpenOption.READ,
                            StandardOpenOption.WRITE,
                            LinkOption.NOFOLLOW_LINKS),
                    PosixFilePermissions.asFileAttribute(AtomicFile.PRIVATE));
            try {
                DocumentFile.requireLockable(key);
            } catch (IOException e) {
                ch.close();
                throw e;
            }
            return ch;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the lock file " + key + ": " + e.getMessage(), e);
        }
    }

    private static FileLock lockBefore(FileChannel ch, Path key, long deadline, Duration wait) {
        // FileChannel has no timed lock: poll tryLock until the deadline (a lock wait, not a test sleep)
        while (true) {
            try {
                FileLock lock = ch.tryLock();
                if (lock != null) {
                    return lock;
                }
            } catch (OverlappingFileLockException e) {
                throw new IllegalStateException("this process already locks " + key + " outside FileLocks", e);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot lock " + key + ": " + e.getMessage(), e);
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new LockTimedOut(key, wait);
            }
            LockSupport.parkNanos(POLL_NANOS);
            if (Thread.currentThread().isInterrupted()) {
                throw new LockTimedOut(key, wait);
            }
        }
    }

    private static void closeChannel(Holder h) {
        FileChannel ch = h.channel;
        h.channel = null;
        h.fileLock = null;
        if (ch != null) {
            try {
                ch.close(); // releases the file lock
            } catch (IOException e) {
                throw new UncheckedIOException("cannot release a lock: " + e.getMessage(), e);
            }
        }
    }

    private static final class Release implements Held {
        private final Holder holder;
        private boolean closed;

        Release(Holder holder) {
            this.holder = holder;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                if (holder.inProcess.getHoldCount() == 1) {
                    closeChannel(holder);
                }
            } finally {
                holder.inProcess.unlock();
            }
        }
    }
}
