package dev.animus.install;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * A private (0700) directory for one download and its extraction, under {@code $TMPDIR}, removed
 * with everything in it by {@link #close()} however the install ends. States: open → closed
 * (idempotent).
 */
final class Staging implements AutoCloseable {
    private final Path dir;
    private boolean closed;

    private Staging(Path dir) {
        this.dir = dir;
    }

    /** {@code $TMPDIR} of {@code env}, else the JVM's temp directory. */
    static Path tmpRoot(Map<String, String> env) {
        String t = env.get("TMPDIR");
        return t == null || t.isBlank() ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(t);
    }

    static Staging create(Path tmpRoot) {
        try {
            return new Staging(Files.createTempDirectory(
                    tmpRoot,
                    "animus-install-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot create a staging directory in " + tmpRoot + ": " + e.getMessage(), e);
        }
    }

    Path dir() {
        return dir;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                    d.toFile().setWritable(true, true); // an extracted read-only directory must still be emptied
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the staging directory " + dir + ": " + e.getMessage(), e);
        }
    }
}
