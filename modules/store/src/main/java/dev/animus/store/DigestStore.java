package dev.animus.store;

import dev.animus.core.ArtifactShape;
import dev.animus.core.Digests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The digest-addressed store of installed code (docs/security.md#the-digest-addressed-store): every
 * published artifact lives under {@code <root>/<sha256>/} and is immutable once published. A single
 * executable is stored as {@code <root>/<digest>/<file name>}, its digest the SHA-256 of its bytes;
 * a plugin directory as the tree {@code <root>/<digest>/}, its digest the tree digest
 * ({@link #treeDigest}). Nothing with a setuid, setgid or sticky bit, nor anything every user may
 * write, is ever stored (nor verified as intact).
 *
 * <p>Publishing copies into a dot-prefixed partial directory {@code <root>/.partial-<uuid>} (mode
 * 0700), without following links and refusing links and special files; it then checks the digest
 * of the copy, makes every file and directory read-only (no write, setuid, setgid or sticky bit),
 * renames the partial directory to {@code <root>/<digest>} in one atomic step and forces the root
 * to disk. A failed publication leaves no partial directory behind.
 *
 * <p>Thread-safe, and safe between processes: publishing, {@link #remove} and {@link
 * #collectGarbage} hold the lock file {@code <root>/.store.lock} ({@link FileLocks}), waiting at most
 * two minutes (then {@link LockTimedOut}). {@link #verify}, {@link #digests} and the digest functions take no lock, so
 * the launch gate never waits behind an install.
 *
 * <p>Failures: {@link StoreRefused} for what must not be stored; {@link java.io.UncheckedIOException}
 * naming the path when the file system fails; {@link IllegalArgumentException} for a digest that is
 * not 64 lowercase hex digits.
 */
public final class DigestStore {
    private final Path root;
    private final Publisher publisher;

    /** A store under {@code root}, which is created (mode 0700) by the first publication. */
    public DigestStore(Path root) {
        this.root = Objects.requireNonNull(root, "root").toAbsolutePath().normalize();
        this.publisher = new Publisher(this.root);
    }

    /** The store's directory, absolute and normalised. */
    public Path root() {
        return root;
    }

    /**
     * Copies one executable file into the store; the entry is the source's file name.
     *
     * @param source a regular file (not a link to one), executable by its owner, whose name is an
     *     entry in normal form
     * @param expectedDigest when present, the SHA-256 the copy must have
     * @return the stored file; {@code alreadyPresent} when an intact copy of the same bytes was
     *     there (under this or another file name, whose entry is then returned)
     * @throws StoreRefused for a source that is not an executable regular file, a file name that is
     *     not an entry, a source that changes while it is copied, or a copy whose digest is not the
     *     expected one
     */
    public Stored publishFile(Path source, Optional<String> expectedDigest) {
        Objects.requireNonNull(source, "source");
        Optional<String> expected = checkedExpected(expectedDigest);
        return publisher.publishFile(source.toAbsolutePath(), expected);
    }

    /**
     * As {@link #publishFile(Path, Optional)}, stored under {@code entry} instead of the source's
     * file name: how a stored copy that changed or is gone is restored from a file of the same
     * bytes whatever that file is called (the install record names the entry).
     *
     * @param entry the stored file's name, an entry in normal form without a '/'
     */
    public Stored publishFile(Path source, Optional<String> expectedDigest, String entry) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(entry, "entry");
        Optional<String> expected = checkedExpected(expectedDigest);
        return publisher.publishFile(source.toAbsolutePath(), expected, entry);
    }

    /**
     * Copies a plugin directory into the store.
     *
     * @param sourceDir a directory (not a link to one) that holds only directories and regular files
     * @param entry the executable's relative '/'-separated path inside it, in normal form (see
     *     {@link #verify}); it must name a regular file that its owner may execute
     * @param expectedDigest when present, the tree digest the copy must have
     * @return the stored tree; {@code alreadyPresent} when an intact copy was there
     * @throws StoreRefused for a symbolic link or special file anywhere in the tree (named by its
     *     relative path), an entry that breaks the rules, a file that changes while it is copied, or
     *     a copy whose digest is not the expected one
     */
    public Stored publishTree(Path sourceDir, String entry, Optional<String> expectedDigest) {
        Objects.requireNonNull(sourceDir, "sourceDir");
        EntryPath.require(Objects.requireNonNull(entry, "entry"));
        Optional<String> expected = checkedExpected(expectedDigest);
        return publisher.publishTree(sourceDir.toAbsolutePath(), entry, expected);
    }

    /**
     * Re-hashes a published entry; the launch gate calls this before every launch. For {@link
     * ArtifactShape#FILE}, {@code <root>/<digest>} must be a directory holding exactly one thing, the
     * regular file {@code entry}, whose SHA-256 is {@code digest}. For {@link ArtifactShape#TREE},
     * the tree digest of {@code <root>/<digest>} must be {@code digest} (a link or special file
     * anywhere in it is refused) and {@code entry} a regular file in it. In both cases the entry must
     * be executable by its owner. An entry is in normal form: relative, '/'-separated, without
     * {@code .}, {@code ..} or empty segments, backslashes or control characters.
     *
     * <p>Never throws for tampering, unreadable files or a malformed digest or entry: those are
     * {@link Verification.Changed}, {@link Verification.Missing} or {@link Verification.Refused}.
     */
    public Verification verify(String digest, ArtifactShape shape, String entry) {
        Objects.requireNonNull(digest, "digest");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(entry, "entry");
        return StoreVerifier.verify(root, digest, shape, entry);
    }

    /** {@code <root>/<digest>/<entry>}, without any check. */
    public Path executable(String digest, String entry) {
        Objects.requireNonNull(digest, "digest");
        Objects.requireNonNull(entry, "entry");
        return root.resolve(digest).resolve(entry);
    }

    /**
     * The names in the root that are digests, sorted: every published entry, whatever it has become
     * since (a tampered one is listed, so that it can be verified or collected). Partial directories
     * and the lock file are not digests. Empty when the root does not exist.
     *
     * @throws UncheckedIOException naming the root when it cannot be listed
     */
    public List<String> digests() {
        List<String> digests = new ArrayList<>();
        for (String name : rootNames()) {
            if (Digests.isSha256(name)) {
                digests.add(name);
            }
        }
        return List.copyOf(digests);
    }

    /**
     * Removes {@code <root>/<digest>} and everything in it (making its directories writable first);
     * nothing happens when it is absent.
     *
     * @throws IllegalArgumentException when {@code digest} is not a SHA-256 digest
     */
    public void remove(String digest) {
        Digests.requireSha256(Objects.requireNonNull(digest, "digest"), "the digest to remove");
        publisher.remove(digest);
    }

    /**
     * Removes every published entry whose digest is not in {@code referenced}, and every leftover
     * partial directory (no publication is running while the lock is held, so any there is left
     * over from one that died).
     *
     * @return the removed digests, sorted
     */
    public List<String> collectGarbage(Set<String> referenced) {
        Set<String> keep = Set.copyOf(Objects.requireNonNull(referenced, "referenced"));
        return publisher.collect(keep);
    }

    /**
     * The SHA-256 of a file's bytes, lowercase hex. The file is opened without following links.
     *
     * @throws StoreRefused when {@code file} is a symbolic link, a directory or a special file, or
     *     changes while it is read
     * @throws UncheckedIOException naming the file when it cannot be read
     */
    public static String fileDigest(Path file) {
        return CheckedRead.sha256(Objects.requireNonNull(file, "file"));
    }

    /**
     * The tree digest of a directory, format 2 ({@link TreeDigest} has the stream): SHA-256, as
     * lowercase hex, of a header then one record per directory and regular file below it, sorted
     * by {@link String#compareTo} of the relative '/'-separated path, each record holding its kind
     * (directory, file, or file its owner may execute), its path and, for a file, the SHA-256 of
     * its bytes. Empty directories and the owner-execute bit count; no other mode bit does.
     *
     * @throws StoreRefused naming the relative path of a symbolic link or special file anywhere in
     *     it (they are refused, never skipped), naming a file with a setuid, setgid or sticky bit or
     *     that every user may write, or a directory every user may write, or when {@code dir} is not
     *     a directory
     * @throws UncheckedIOException naming the path that cannot be read
     */
    public static String treeDigest(Path dir) {
        return TreeDigest.of(Objects.requireNonNull(dir, "dir"));
    }

    private static Optional<String> checkedExpected(Optional<String> expectedDigest) {
        Objects.requireNonNull(expectedDigest, "expectedDigest");
        expectedDigest.ifPresent(d -> Digests.requireSha256(d, "the expected digest"));
        return expectedDigest;
    }

    private List<String> rootNames() {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try {
            return StoreVerifier.names(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + NoFollow.shown(root) + ": " + e.getMessage(), e);
        }
    }
}
