package dev.animus.store;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 * Replaces a file so that a crash at any instant leaves either the old or the new content
 * (docs/security.md#the-state-document): a temp file beside it (exclusive create, the given mode) →
 * write → fsync → atomic rename over the target → fsync of the directory.
 */
public final class AtomicFile {
    /** Owner read and write only: documents that hold grants or secrets. */
    public static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rw-------");

    private AtomicFile() {}

    /**
     * Writes {@code content} to {@code target}, creating its directory (mode 0700) if needed.
     *
     * @throws UncheckedIOException naming the file when any step fails; the target is then unchanged
     *     and no temp file is left behind
     */
    public static void write(Path target, byte[] content, Set<PosixFilePermission> mode) {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = dir.resolve("." + target.getFileName() + ".tmp-" + UUID.randomUUID());
        try {
            createPrivateDirectories(dir);
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
            // the umask may have narrowed the mode asked for at creation
            Files.setPosixFilePermissions(temp, mode);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            syncDirectory(dir);
        } catch (IOException e) {
            deleteQuietly(temp, e);
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    /** Makes a rename or a create in {@code dir} durable. */
    public static void syncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    /** Creates {@code dir} and its missing parents with mode 0700. */
    public static void createPrivateDirectories(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(
                    dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
    }

    private static void deleteQuietly(Path temp, IOException cause) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
    }
}
