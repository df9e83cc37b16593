package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipException;

/**
 * The directory one archive is extracted into, and the rules every entry passes before a byte is
 * written: a name {@link EntryNames} accepts, a resolved path inside the directory, no existing
 * link on the way, no name twice (directories included), and the entry and byte caps (every entry
 * counts, {@code ./} and refused ones too). The readers count what they inflate ({@link #inflated}).
 * A file is written with mode {@code rw-------} and gets its final mode only once complete, on the
 * file itself (never through a link).
 */
final class ExtractionTarget {
    private static final FileAttribute<Set<PosixFilePermission>> WHILE_WRITING =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final Set<OpenOption> CREATE =
            Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);

    private final Path into;
    private final String archive;
    private final long maxInflated;
    private final int maxEntries;
    private final Set<String> seen = new HashSet<>();
    private final List<String> files = new ArrayList<>();
    private long inflated;
    private int entries;

    ExtractionTarget(Path into, String archive, long maxInflated, int maxEntries) {
        this.into = into.toAbsolutePath().normalize();
        this.archive = archive;
        this.maxInflated = maxInflated;
        this.maxEntries = maxEntries;
    }

    ArchiveRefused refused(Reason reason, String entry, String what) {
        return new ArchiveRefused(reason, archive, entry, what);
    }

    long maxInflated() {
        return maxInflated;
    }

    int maxEntries() {
        return maxEntries;
    }

    /** Strict UTF-8 ({@link EntryNames#utf8}). */
    String utf8(byte[] bytes, int offset, int length) {
        return EntryNames.utf8(this, bytes, offset, length);
    }

    /** Counts {@code n} more inflated bytes, refusing past the cap. */
    void inflated(long n) {
        inflated += n;
        if (inflated > maxInflated) {
            throw refused(Reason.TOO_LARGE, "", "inflates to more than " + maxInflated + " bytes (the cap)");
        }
    }

    /** Counts one more entry and returns its checked relative name; empty for the archive's own root ({@code ./}). */
    String name(String raw) {
        if (++entries > maxEntries) {
            throw refused(Reason.TOO_MANY_ENTRIES, "", "has more than " + maxEntries + " entries");
        }
        return EntryNames.normal(this, raw);
    }

    void directory(String name) {
        if (!name.isEmpty()) {
            if (!seen.add(name + "/")) {
                throw refused(Reason.DUPLICATE, name, "appears twice");
            }
            createDirectories(resolve(name), name);
        }
    }

    /** Writes one regular file from {@code body} (whose reader counts what it inflates). */
    void file(String name, boolean executable, InputStream body) {
        if (!seen.add(name)) {
            throw refused(Reason.DUPLICATE, name, "appears twice");
        }
        Path target = resolve(name);
        createDirectories(target.getParent(), name);
        try (OutputStream out = Channels.newOutputStream(Files.newByteChannel(target, CREATE, WHILE_WRITING))) {
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = readBody(body, buffer, name)) > 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (FileAlreadyExistsException e) {
            throw refused(Reason.DUPLICATE, name, "collides with another entry");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
        try {
            PosixFileAttributeView view =
                    Files.getFileAttributeView(target, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
            if (!view.readAttributes().isRegularFile()) {
                throw refused(
                        Reason.OUTSIDE_TARGET, name, "was replaced by something other than a file while extracting");
            }
            view.setPermissions(PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set the mode of " + target + ": " + e.getMessage(), e);
        }
        files.add(name);
    }

    /** A read of the archive's data: what fails here is the archive, not the disk. */
    private int readBody(InputStream body, byte[] buffer, String name) {
        try {
            return body.read(buffer);
        } catch (ZipException | EOFException e) {
            throw refused(Reason.CORRUPT, name, "has corrupt compressed data (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the archive " + archive + ": " + e.getMessage(), e);
        }
    }

    Extracted result() {
        return new Extracted(files, inflated);
    }

    private Path resolve(String name) {
        Path p = into.resolve(name).normalize();
        if (!p.startsWith(into) || p.equals(into)) {
            throw refused(Reason.OUTSIDE_TARGET, name, "resolves outside the extraction directory");
        }
        return p;
    }

    /** Creates the directories down to {@code dir}, refusing any existing component that is not a real directory. */
    private void createDirectories(Path dir, String entry) {
        Path current = into;
        for (Path part : into.relativize(dir)) {
            current = current.resolve(part);
            if (Files.isSymbolicLink(current)) {
                throw refused(Reason.LINK, entry, "goes through a link");
            }
            if (Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
                if (!Files.isDirectory(current, LinkOption.NOFOLLOW_LINKS)) {
                    throw refused(Reason.DUPLICATE, entry, "needs a directory where a file was extracted");
                }
                continue;
            }
            try {
                Files.createDirectory(
                        current, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + current + ": " + e.getMessage(), e);
            }
        }
    }
}
