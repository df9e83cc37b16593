package dev.animus.daemon;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.UUID;

/**
 * Replaces one of the daemon's files so that a reader, or a crash, sees the old content or the new
 * one, never a part: a temp file beside it (exclusive create, the given mode), fsync, an atomic
 * rename over the target, fsync of the directory. The directory must exist.
 */
final class AtomicWrite {
    static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rw-------");

    private AtomicWrite() {}

    static void write(Path target, byte[] content, Set<PosixFilePermission> mode) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = dir.resolve("." + target.getFileName() + ".tmp-" + UUID.randomUUID());
        try {
            try (FileChannel ch = FileChannel.open(
                    temp,
                    Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(mode))) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
                ch.force(true);
            }
            Files.setPosixFilePermissions(temp, mode); // the umask may have narrowed it
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }
}
