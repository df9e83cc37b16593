package dev.animus.fetch;

import dev.animus.fetch.ArchiveRefused.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Safe extraction of {@code .tar.gz} and {@code .zip} release archives
 * (docs/security.md#downloads-and-archives): links, devices, FIFOs, absolute paths, {@code ..} and
 * duplicate names refuse the whole archive; extraction stops at the inflate cap and the entry cap.
 * Extracted files keep only whether they were executable ({@code rwxr-xr-x} or {@code rw-r--r--});
 * nothing setuid, setgid or sticky.
 */
public final class Archives {
    private Archives() {}

    /** The kind by file name: {@code .tar.gz}/{@code .tgz} or {@code .zip}; empty for anything else. */
    public static Optional<ArchiveKind> kindOf(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".tar.gz") || n.endsWith(".tgz")) {
            return Optional.of(ArchiveKind.TAR_GZ);
        }
        return n.endsWith(".zip") ? Optional.of(ArchiveKind.ZIP) : Optional.empty();
    }

    /**
     * Extracts {@code archive} into {@code into}, an existing empty private directory the caller
     * owns and removes (after a refusal it may hold part of the archive, never anything outside it).
     *
     * @throws ArchiveRefused for a hostile, oversized or corrupt archive, naming the entry
     * @throws IllegalArgumentException when a cap is not positive or {@code into} is not an empty
     *     directory (a link to one is not)
     * @throws UncheckedIOException when the archive cannot be read or a file cannot be written
     */
    public static Extracted extract(Path archive, ArchiveKind kind, Path into, long maxInflatedBytes, int maxEntries) {
        Objects.requireNonNull(archive, "archive");
        Objects.requireNonNull(kind, "kind");
        if (maxInflatedBytes <= 0 || maxEntries <= 0) {
            throw new IllegalArgumentException(
                    "the caps must be positive: maxInflatedBytes " + maxInflatedBytes + ", maxEntries " + maxEntries);
        }
        requireEmptyDirectory(into);
        ExtractionTarget target =
                new ExtractionTarget(into, archive.getFileName().toString(), maxInflatedBytes, maxEntries);
        try {
            switch (kind) {
                case TAR_GZ -> {
                    try (InputStream in = Files.newInputStream(archive)) {
                        TarGzReader.extract(in, target);
                    }
                }
                case ZIP -> ZipReader.extract(archive, target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + archive + ": " + e.getMessage(), e);
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            // a structure pointing past its own bounds: the archive is corrupt, whatever threw
            throw target.refused(
                    Reason.CORRUPT, "", "is malformed (" + e.getClass().getSimpleName() + ")");
        }
        return target.result();
    }

    private static void requireEmptyDirectory(Path into) {
        if (!Files.isDirectory(into, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException("not a directory (or a link to one): " + into);
        }
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(into)) {
            if (listing.iterator().hasNext()) {
                throw new IllegalArgumentException("the extraction directory is not empty: " + into);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + into + ": " + e.getMessage(), e);
        }
    }
}
