package dev.animus.fetch;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A download in progress: a hidden owner-only ({@code 0600}) file beside its target, moved over the
 * target in one atomic rename once complete, and deleted otherwise. So a target is either untouched
 * or entirely the new download, and a failed download leaves no file behind.
 *
 * <p>States: open → published, or open → discarded by {@link #close()}. Not thread-safe.
 */
final class PartialFile implements AutoCloseable {
    private final Path target;
    private final Path partial;
    private boolean published;

    private PartialFile(Path target, Path partial) {
        this.target = target;
        this.partial = partial;
    }

    /** Creates the partial file in {@code target}'s directory. */
    static PartialFile beside(Path target) {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        String prefix = "." + absolute.getFileName() + ".";
        try {
            Path partial =
                    FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                            ? Files.createTempFile(dir, prefix, ".partial", ownerOnly())
                            : Files.createTempFile(dir, prefix, ".partial");
            return new PartialFile(absolute, partial);
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a file in " + dir + " to download " + target, e);
        }
    }

    /** Opens the partial file for writing. */
    OutputStream open() {
        try {
            return Files.newOutputStream(partial);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + partial, e);
        }
    }

    /** Moves the complete download over the target (replacing it) in one rename. */
    void publish() {
        try {
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            published = true;
        } catch (IOException e) {
            throw new UncheckedIOException("could not move the download into place at " + target, e);
        }
    }

    /** The target, for messages. */
    String name() {
        return target.toString();
    }

    /** Deletes the partial file unless published. Idempotent. */
    @Override
    public void close() {
        if (published) {
            return;
        }
        try {
            Files.deleteIfExists(partial);
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the partial download " + partial, e);
        }
    }

    private static FileAttribute<?> ownerOnly() {
        return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    }
}
