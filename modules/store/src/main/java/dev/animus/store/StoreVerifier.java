package dev.animus.store;

import dev.animus.core.ArtifactShape;
import dev.animus.core.Digests;
import dev.animus.core.OneLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Re-hashes a published entry (the check behind {@link DigestStore#verify}). Tampering and
 * unreadable files are answers, never exceptions: every problem becomes a {@link Verification}.
 */
final class StoreVerifier {
    private StoreVerifier() {}

    static Verification verify(Path root, String digest, ArtifactShape shape, String entry) {
        if (!Digests.isSha256(digest)) {
            return new Verification.Refused("refused the digest " + NoFollow.quoted(digest)
                    + ": it is not a SHA-256 digest (64 lowercase hex digits)");
        }
        Optional<String> badEntry = EntryPath.problem(entry);
        if (badEntry.isPresent()) {
            return new Verification.Refused("refused the entry " + NoFollow.quoted(entry) + ": it " + badEntry.get());
        }
        Path dir = root.resolve(digest);
        try {
            Optional<PosixFileAttributes> attrs = NoFollow.lstatIfExists(dir);
            if (attrs.isEmpty()) {
                return new Verification.Missing();
            }
            if (!attrs.get().isDirectory()) {
                return refused(dir, "it is " + NoFollow.describe(attrs.get()) + ", not a directory");
            }
            return switch (shape) {
                case FILE -> verifyFile(dir, digest, entry);
                case TREE -> verifyTree(dir, digest, entry);
            };
        } catch (StoreRefused e) {
            return new Verification.Refused(OneLine.of(e.getMessage()));
        } catch (UncheckedIOException e) {
            // an I/O message quotes the path as it is, line breaks included
            return new Verification.Refused(OneLine.of(e.getMessage()));
        } catch (IOException e) {
            return refused(dir, "it cannot be read: " + OneLine.of(String.valueOf(e.getMessage())));
        }
    }

    /** {@code dir} must hold exactly one thing, the regular file {@code entry}, whose SHA-256 is the digest. */
    private static Verification verifyFile(Path dir, String digest, String entry) throws IOException {
        if (entry.contains("/")) {
            return refused(dir, "a stored file's entry is its file name, not the path " + NoFollow.quoted(entry));
        }
        for (String name : names(dir)) {
            if (!name.equals(entry)) {
                return refused(
                        dir,
                        NoFollow.quoted(name) + " is there besides " + NoFollow.quoted(entry)
                                + "; a stored file's directory holds nothing else");
            }
        }
        Path file = dir.resolve(entry);
        Optional<PosixFileAttributes> attrs = NoFollow.lstatIfExists(file);
        if (attrs.isEmpty()) {
            return new Verification.Missing();
        }
        return checkEntry(file, attrs.get(), () -> CheckedRead.sha256(file), digest);
    }

    /** The tree digest of {@code dir} must be the digest, and {@code entry} a regular file in it. */
    private static Verification verifyTree(Path dir, String digest, String entry) throws IOException {
        String actual = TreeDigest.of(dir);
        Optional<PosixFileAttributes> attrs = EntryPath.find(dir, entry);
        if (attrs.isEmpty()) {
            return new Verification.Missing();
        }
        return checkEntry(dir.resolve(entry), attrs.get(), () -> actual, digest);
    }

    private static Verification checkEntry(
            Path file, PosixFileAttributes attrs, Supplier<String> actual, String digest) {
        if (!attrs.isRegularFile()) {
            return refused(file, "it is " + NoFollow.describe(attrs) + ", not a regular file");
        }
        String hash = actual.get();
        if (!hash.equals(digest)) {
            return new Verification.Changed(hash);
        }
        if (!StoredMode.ownerMayRun(attrs.permissions())) {
            return refused(file, "it is not executable any more (its mode was changed after it was stored)");
        }
        return new Verification.Intact(file);
    }

    /** The names in {@code dir}, sorted. */
    static List<String> names(Path dir) throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                names.add(child.getFileName().toString());
            }
        }
        names.sort(null);
        return names;
    }

    private static Verification refused(Path path, String why) {
        return new Verification.Refused("refused " + NoFollow.shown(path) + ": " + why);
    }
}
