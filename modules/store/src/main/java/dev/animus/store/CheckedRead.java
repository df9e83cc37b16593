package dev.animus.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads one regular file for the store, hashing it and optionally copying it
 * (docs/security.md#the-digest-addressed-store).
 *
 * <p>The path is lstat'ed first and must be a regular file, so a FIFO is never opened (opening one
 * would block). It is then opened with {@link LinkOption#NOFOLLOW_LINKS} and lstat'ed again right
 * after opening and again after reading: a different file key, a type that is no longer "regular
 * file", another size, modification time or mode means the file was swapped, written or
 * chmod'ed meanwhile, and the read is refused. A file with a setuid, setgid or sticky bit, or one
 * every user may write, is refused before it is opened ({@link StoredMode#fileProblem}). (Java has no fstat, so the opened file itself cannot be
 * asked; a swap between the first lstat and the open that is undone before the second lstat goes
 * unseen, and is then harmless only because the digest is always that of the bytes read.)
 */
final class CheckedRead {
    private static final int BUFFER_BYTES = 64 * 1024;

    private CheckedRead() {}

    /** A copy's digest and the mode of the source it came from. */
    record Copied(String sha256, Set<PosixFilePermission> sourceMode) {}

    /**
     * The SHA-256 of the bytes of {@code file}.
     *
     * @throws StoreRefused when it is not a regular file or changes while it is read
     * @throws UncheckedIOException naming the file when it cannot be read
     */
    static String sha256(Path file) {
        return hash(file).sha256();
    }

    /**
     * The SHA-256 of the bytes of {@code file} and its mode (whose owner-execute bit the tree
     * digest holds).
     *
     * @throws StoreRefused as {@link #sha256}
     */
    static Copied hash(Path file) {
        return read(file, Optional.empty());
    }

    /**
     * Copies {@code source} to the new file {@code target}, which gets {@link StoredMode#ofFile} of
     * the source's mode and is forced to disk. The digest is that of the bytes copied.
     *
     * @throws StoreRefused when the source is not a regular file or changes while it is copied
     * @throws UncheckedIOException naming both files when a step fails
     */
    static Copied copy(Path source, Path target) {
        return read(source, Optional.of(target));
    }

    private static Copied read(Path file, Optional<Path> target) {
        String doing = target.map(t -> "copy " + NoFollow.shown(file) + " to " + NoFollow.shown(t))
                .orElse("read " + NoFollow.shown(file));
        String done = target.isPresent() ? "copied" : "read";
        try {
            PosixFileAttributes before = NoFollow.lstat(file);
            if (!before.isRegularFile()) {
                throw new StoreRefused("refused " + NoFollow.shown(file) + ": it is " + NoFollow.describe(before)
                        + ", not a regular file");
            }
            int mode = NoFollow.mode(file);
            Optional<String> special = StoredMode.fileProblem(mode);
            if (special.isPresent()) {
                throw new StoreRefused("refused " + NoFollow.shown(file) + ": " + special.get() + " (mode "
                        + StoredMode.octal(mode) + "); a plugin's files may not be setuid, setgid, sticky or"
                        + " writable by every user (run 'chmod ug-s,-t,o-w' on it if it is yours)");
            }
            MessageDigest md = Sha256.start();
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                requireUnchanged(file, before, NoFollow.lstat(file), OptionalLong.empty(), done);
                long bytes = target.isPresent()
                        ? copyInto(in, md, target.get(), StoredMode.ofFile(before.permissions()))
                        : feed(in, md, Optional.empty());
                requireUnchanged(file, before, NoFollow.lstat(file), OptionalLong.of(bytes), done);
                if (NoFollow.mode(file) != mode) {
                    throw changed(file, done);
                }
            }
            return new Copied(Sha256.finish(md), before.permissions());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot " + doing + ": " + e.getMessage(), e);
        }
    }

    private static long copyInto(FileChannel in, MessageDigest md, Path target, Set<PosixFilePermission> mode)
            throws IOException {
        try (FileChannel out = FileChannel.open(
                target,
                Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(StoredMode.WORKING_FILE))) {
            long bytes = feed(in, md, Optional.of(out));
            NoFollow.setPermissions(target, mode);
            out.force(true);
            return bytes;
        }
    }

    private static long feed(FileChannel in, MessageDigest md, Optional<FileChannel> out) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
        long total = 0;
        for (int n; (n = in.read(buffer)) >= 0; ) {
            buffer.flip();
            md.update(buffer.array(), 0, n);
            if (out.isPresent()) {
                while (buffer.hasRemaining()) {
                    out.get().write(buffer);
                }
            }
            buffer.clear();
            total += n;
        }
        return total;
    }

    /**
     * Refuses when {@code after} (an lstat of {@code file} once it was opened, or once it was read)
     * is not the regular file {@code before} was: another file key, another type, another size,
     * modification time or permissions, or (once read) another number of bytes than its size.
     */
    static void requireUnchanged(
            Path file, PosixFileAttributes before, PosixFileAttributes after, OptionalLong bytesRead, String done) {
        boolean same = after.isRegularFile()
                && Objects.equals(before.fileKey(), after.fileKey())
                && before.permissions().equals(after.permissions())
                && before.size() == after.size()
                && before.lastModifiedTime().equals(after.lastModifiedTime())
                && (bytesRead.isEmpty() || bytesRead.getAsLong() == before.size());
        if (!same) {
            throw changed(file, done);
        }
    }

    private static StoreRefused changed(Path file, String done) {
        return new StoreRefused("refused " + NoFollow.shown(file) + ": it changed while it was " + done
                + " (another file took its place, or it was written or its mode changed meanwhile); try again when"
                + " nothing writes it");
    }
}
