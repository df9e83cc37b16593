package dev.animus.daemon;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The scope locks this JVM holds, and the probe that asks whether another process holds one.
 *
 * <p>POSIX record locks belong to the process, and closing any descriptor of the file drops all of
 * them: so this JVM never opens a lock file it holds a second time, and a probe of a lock held
 * here answers from {@link #HELD} instead. A probe elsewhere takes a shared lock for an instant,
 * which conflicts only with the daemon's exclusive one.
 */
final class LockFiles {
    /** The lock files this JVM holds (absolute, normalised). */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private LockFiles() {}

    /** Claims {@code lockFile} for this JVM; false when this JVM holds it already. */
    static boolean claim(Path lockFile) {
        return HELD.add(key(lockFile));
    }

    static void release(Path lockFile) {
        HELD.remove(key(lockFile));
    }

    /** Opens the lock file (created 0600, never through a link) for an exclusive lock. */
    static FileChannel open(Path lockFile) throws IOException {
        return FileChannel.open(
                lockFile,
                Set.of(
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }

    /** Takes the exclusive lock at once; null when another process holds it. */
    static FileLock tryExclusive(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    /** Whether some process (this one included) holds {@code lockFile}'s lock. */
    static boolean held(Path lockFile) {
        if (HELD.contains(key(lockFile))) {
            return true;
        }
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            FileLock probe = ch.tryLock(0, Long.MAX_VALUE, true);
            if (probe == null) {
                return true;
            }
            probe.release();
            return false;
        } catch (NoSuchFileException e) {
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Path key(Path lockFile) {
        return lockFile.toAbsolutePath().normalize();
    }
}
