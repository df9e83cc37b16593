package dev.animus.discovery;

import dev.animus.core.Shebang;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A private copy of a found file, the only form in which discovery runs one: a fresh {@code 0700}
 * directory under {@code <animus_home>/tmp/} holding exactly one file, copied and hashed in one
 * pass, then made read-only. The digest, the {@code #!} line and what a probe executes are all of
 * the copy's bytes, so a file swapped where it was found after the hash cannot run; and nothing
 * beside the found file (a {@code json.py}, a {@code ../../bin/java}) is beside the copy.
 *
 * <p>Owned by one thread; {@link #close()} removes the directory.
 */
public final class ProbeCopy implements AutoCloseable {
    /**
     * Found files larger than this are not hashed nor copied: listed with a warning instead. Far
     * above any real plugin binary, and the same bound as an archive's extracted size.
     */
    static final long MAX_BYTES = 256L << 20;
    /** Probe directories older than this are leftovers of a killed host, removed by the next copy. */
    static final Duration STALE = Duration.ofDays(1);

    private static final Logger LOG = LoggerFactory.getLogger(ProbeCopy.class);

    private final Path dir;
    private final Path file;
    private final String sha256;
    private final byte[] head;

    private ProbeCopy(Path dir, Path file, String sha256, byte[] head) {
        this.dir = dir;
        this.file = file;
        this.sha256 = sha256;
        this.head = head;
    }

    /** The file is larger than {@link #MAX_BYTES}. */
    public static final class TooLarge extends RuntimeException implements DiscoveryFailure {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }

    /**
     * Copies {@code source} (a regular file, links followed) into a fresh private directory under
     * {@code tmpRoot}, under the same file name.
     *
     * @throws TooLarge when it is larger than {@link #MAX_BYTES} (checked before reading, and
     *     again while copying)
     * @throws UncheckedIOException when it cannot be read or copied
     */
    public static ProbeCopy of(Path tmpRoot, Path source) {
        try {
            long size = Files.size(source);
            if (size > MAX_BYTES) {
                throw tooLarge(source, size);
            }
            Files.createDirectories(
                    tmpRoot, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            sweep(tmpRoot);
            Path dir = Files.createTempDirectory(
                    tmpRoot,
                    "probe-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            try {
                Path file = dir.resolve(source.getFileName().toString());
                MessageDigest md = newDigest();
                byte[] head;
                try (InputStream in = Files.newInputStream(source);
                        OutputStream out = Files.newOutputStream(
                                Files.createFile(
                                        file,
                                        PosixFilePermissions.asFileAttribute(
                                                PosixFilePermissions.fromString("rw-------"))),
                                StandardOpenOption.WRITE)) {
                    head = copy(in, out, md, source);
                }
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r-x------"));
                return new ProbeCopy(dir, file, HexFormat.of().formatHex(md.digest()), head);
            } catch (IOException | RuntimeException e) {
                deleteTree(dir);
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
        }
    }

    private static byte[] copy(InputStream in, OutputStream out, MessageDigest md, Path source) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        byte[] head = new byte[Shebang.HEAD_BYTES];
        int headLength = 0;
        long total = 0;
        for (int n; (n = in.read(buffer)) > 0; ) {
            total += n;
            if (total > MAX_BYTES) {
                throw tooLarge(source, total);
            }
            if (headLength < head.length) {
                int take = Math.min(n, head.length - headLength);
                System.arraycopy(buffer, 0, head, headLength, take);
                headLength += take;
            }
            md.update(buffer, 0, n);
            out.write(buffer, 0, n);
        }
        return Arrays.copyOf(head, headLength);
    }

    static TooLarge tooLarge(Path source, long size) {
        return new TooLarge("larger than " + (MAX_BYTES >> 20) + " MiB (" + size + " bytes): not hashed nor run; a"
                + " plugin binary is far smaller (move the file out of the plugin directory)");
    }

    /** The copy: what a probe executes. */
    public Path file() {
        return file;
    }

    /** The directory holding only the copy: a probe's working directory. */
    public Path directory() {
        return dir;
    }

    /** The SHA-256 of the copied bytes. */
    public String sha256() {
        return sha256;
    }

    /** The copy's first bytes (up to {@link Shebang#HEAD_BYTES}), for its {@code #!} line. */
    public byte[] head() {
        return head.clone();
    }

    @Override
    public void close() {
        deleteTree(dir);
    }

    private static void sweep(Path tmpRoot) {
        Instant cutoff = Instant.now().minus(STALE);
        try (DirectoryStream<Path> s = Files.newDirectoryStream(tmpRoot, "probe-*")) {
            for (Path p : s) {
                FileTime modified = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
                if (modified.toInstant().isBefore(cutoff)) {
                    deleteTree(p);
                }
            }
        } catch (IOException e) {
            LOG.debug("cannot sweep {}: {}", tmpRoot, e.getMessage());
        }
    }

    private static void deleteTree(Path dir) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.debug("cannot empty {}: {}", dir, e.getMessage());
        }
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            LOG.debug("cannot remove {}: {}", dir, e.getMessage());
        }
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
