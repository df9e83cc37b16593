package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The directory one archive is extracted into, and the rules every entry passes before a byte is
 * written: a relative {@code /}-separated name without {@code ..}, {@code .}, empty segments,
 * backslashes or control characters (a leading {@code ./} is dropped), a resolved path inside the
 * directory, no existing link on the way, no name twice, and the entry and byte caps.
 */
final class ExtractionTarget {
    private final Path into;
    private final String archive;
    private final long maxInflated;
    private final int maxEntries;
    private final Set<String> seen = new HashSet<>();
    private final List<String> files = new ArrayList<>();
    private long inflated;

    ExtractionTarget(Path into, String archive, long maxInflated, int maxEntries) {
        this.into = into.toAbsolutePath().normalize();
        this.archive = archive;
        this.maxInflated = maxInflated;
        this.maxEntries = maxEntries;
    }

    ArchiveRefused refused(Reason reason, String entry, String what) {
        return new ArchiveRefused(reason, archive, entry, what);
    }

    /** Counts {@code n} more inflated bytes, refusing past the cap. */
    void inflated(long n) {
        inflated += n;
        if (inflated > maxInflated) {
            throw refused(Reason.TOO_LARGE, "", "inflates to more than " + maxInflated + " bytes (the cap)");
        }
    }

    /** The checked relative name of an entry; empty for the archive's own root ({@code ./}). */
    String name(String raw) {
        if (seen.size() >= maxEntries) {
            throw refused(Reason.TOO_MANY_ENTRIES, "", "has more than " + maxEntries + " entries");
        }
        if (raw.isEmpty() || raw.chars().anyMatch(c -> c < 0x20 || c == 0x7f) || raw.contains("\\")) {
            throw refused(Reason.BAD_NAME, raw, "has an empty name, a backslash or control characters");
        }
        if (raw.startsWith("/")) {
            throw refused(Reason.ABSOLUTE_PATH, raw, "is an absolute path");
        }
        String name = raw;
        while (name.startsWith("./")) {
            name = name.substring(2);
        }
        if (name.endsWith("/")) {
            name = name.substring(0, name.length() - 1);
        }
        if (name.isEmpty() || name.equals(".")) {
            return "";
        }
        if (name.length() > 1024) {
            throw refused(Reason.BAD_NAME, raw, "is longer than 1024 characters");
        }
        for (String segment : name.split("/", -1)) {
            if (segment.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > 255) {
                throw refused(Reason.BAD_NAME, raw, "has a path segment longer than 255 bytes");
            }
            if (segment.equals("..")) {
                throw refused(Reason.PARENT_PATH, raw, "leaves the archive's directory");
            }
            if (segment.isEmpty() || segment.equals(".")) {
                throw refused(Reason.BAD_NAME, raw, "has an empty or '.' segment");
            }
        }
        return name;
    }

    void directory(String name) {
        if (!name.isEmpty()) {
            seen.add(name + "/");
            createDirectories(resolve(name), name);
        }
    }

    /** Writes one regular file from {@code body}, counting what it inflates. */
    void file(String name, boolean executable, InputStream body) {
        if (!seen.add(name)) {
            throw refused(Reason.DUPLICATE, name, "appears twice");
        }
        Path target = resolve(name);
        createDirectories(target.getParent(), name);
        try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = readBody(body, buffer, name)) > 0; ) {
                inflated(n);
                out.write(buffer, 0, n);
            }
        } catch (FileAlreadyExistsException e) {
            throw refused(Reason.DUPLICATE, name, "collides with another entry");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
        try {
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set the mode of " + target + ": " + e.getMessage(), e);
        }
        files.add(name);
    }

    /** A read of the archive's data: what fails here is the archive, not the disk. */
    private int readBody(InputStream body, byte[] buffer, String name) {
        try {
            return body.read(buffer);
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
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
                Files.createDirectory(current, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwxr-xr-x")));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + current + ": " + e.getMessage(), e);
            }
        }
    }
}
