package dev.animus.store;

import dev.animus.core.ArtifactShape;
import dev.animus.core.Digests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writing side of {@link DigestStore}: publications, removals and garbage collection, each
 * under the store's lock file, so that no two of them (in any process) interleave.
 */
final class Publisher {
    private static final Logger LOG = LoggerFactory.getLogger(Publisher.class);
    /** A publication holds the lock while it copies: this bounds a wait behind a large copy on a slow disk. */
    private static final Duration LOCK_WAIT = Duration.ofMinutes(2);

    private final Path root;

    Publisher(Path root) {
        this.root = root;
    }

    Stored publishFile(Path source, Optional<String> expected) {
        return publishFile(source, expected, fileName(source));
    }

    Stored publishFile(Path source, Optional<String> expected, String name) {
        String entry = EntryPath.require(name);
        if (entry.contains("/")) {
            throw new StoreRefused("refused the entry '" + entry + "': a stored file's name has no '/'");
        }
        try (FileLocks.Held _ = lock();
                Stage stage = Stage.create(root)) {
            CheckedRead.Copied copied = stage.copyFile(source, entry);
            if (!StoredMode.ownerMayRun(copied.sourceMode())) {
                throw new StoreRefused("refused " + NoFollow.shown(source) + ": it is not executable;"
                        + " make it executable (chmod u+x) or store the executable instead");
            }
            requireExpected(source, expected, copied.sha256());
            stage.seal();
            return commit(stage, copied.sha256(), ArtifactShape.FILE, entry);
        }
    }

    Stored publishTree(Path sourceDir, String entry, Optional<String> expected) {
        try (FileLocks.Held _ = lock();
                Stage stage = Stage.create(root)) {
            String digest = TreeDigest.of(stage.copyTree(sourceDir));
            requireEntry(stage, sourceDir, entry);
            requireExpected(sourceDir, expected, digest);
            stage.seal();
            return commit(stage, digest, ArtifactShape.TREE, entry);
        }
    }

    void remove(String digest) {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (FileLocks.Held _ = lock()) {
            Path target = root.resolve(digest);
            if (NoFollow.lstatIfExists(target).isPresent()) {
                delete(target);
                AtomicFile.syncDirectory(root);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot remove " + digest + " from " + NoFollow.shown(root) + ": " + e.getMessage(), e);
        }
    }

    List<String> collect(Set<String> keep) {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (FileLocks.Held _ = lock()) {
            List<String> removed = new ArrayList<>();
            boolean changed = false;
            for (String name : StoreVerifier.names(root)) {
                boolean unreferenced = Digests.isSha256(name) && !keep.contains(name);
                if (unreferenced || name.startsWith(Stage.PARTIAL_PREFIX)) {
                    delete(root.resolve(name));
                    changed = true;
                    if (unreferenced) {
                        removed.add(name);
                    }
                }
            }
            if (changed) {
                AtomicFile.syncDirectory(root);
            }
            return List.copyOf(removed);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot collect garbage in " + NoFollow.shown(root) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Moves the sealed stage to {@code <root>/<digest>}, unless an intact copy is there already. A
     * copy that does not verify is replaced: it is renamed away to a partial name, the stage is
     * renamed in, and it is deleted. (Should the second rename fail, the entry is absent, which
     * verifies as missing, and the renamed-away copy is a partial that garbage collection removes.)
     */
    private Stored commit(Stage stage, String digest, ArtifactShape shape, String entry) {
        Path target = root.resolve(digest);
        try {
            Optional<PosixFileAttributes> there = NoFollow.lstatIfExists(target);
            if (there.isPresent()) {
                String existingEntry = shape == ArtifactShape.FILE
                        ? soleName(target, there.get()).orElse(entry)
                        : entry;
                Verification found = StoreVerifier.verify(root, digest, shape, existingEntry);
                switch (found) {
                    case Verification.Intact intact -> {
                        return new Stored(digest, shape, existingEntry, intact.executable(), true);
                    }
                    case Verification.Changed _, Verification.Missing _, Verification.Refused _ ->
                        replace(stage, target, found);
                }
            } else {
                Files.move(stage.dir(), target, StandardCopyOption.ATOMIC_MOVE);
            }
            AtomicFile.syncDirectory(root);
            return new Stored(digest, shape, entry, target.resolve(entry), false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot publish " + NoFollow.shown(target) + ": " + e.getMessage(), e);
        }
    }

    private void replace(Stage stage, Path target, Verification found) throws IOException {
        LOG.warn("replacing {}, which did not verify: {}", NoFollow.shown(target), found);
        Path damaged = Stage.freshPartial(root);
        Files.move(target, damaged, StandardCopyOption.ATOMIC_MOVE);
        Files.move(stage.dir(), target, StandardCopyOption.ATOMIC_MOVE);
        AtomicFile.syncDirectory(root);
        delete(damaged);
    }

    /** The one name in the directory {@code dir}; empty when it holds none or several, or is no directory. */
    private static Optional<String> soleName(Path dir, PosixFileAttributes attrs) throws IOException {
        if (!attrs.isDirectory()) {
            return Optional.empty();
        }
        List<String> names = StoreVerifier.names(dir);
        return names.size() == 1 ? Optional.of(names.getFirst()) : Optional.empty();
    }

    private static void requireEntry(Stage stage, Path sourceDir, String entry) {
        // the stage holds what was copied; its modes carry the source's execute bits
        String named = "refused the entry " + NoFollow.quoted(entry) + " of " + NoFollow.shown(sourceDir) + ": ";
        PosixFileAttributes attrs = stage.find(entry)
                .orElseThrow(() -> new StoreRefused(
                        named + "there is no such file in it; name the executable's path inside the directory"));
        if (!attrs.isRegularFile()) {
            throw new StoreRefused(named + "it is " + NoFollow.describe(attrs) + ", not a regular file");
        }
        if (!StoredMode.ownerMayRun(attrs.permissions())) {
            throw new StoreRefused(named + "it is not executable; make it executable (chmod u+x) or name the"
                    + " executable as the entry");
        }
    }

    private static void requireExpected(Path source, Optional<String> expected, String actual) {
        if (expected.isPresent() && !expected.get().equals(actual)) {
            throw new StoreRefused("refused " + NoFollow.shown(source) + ": expected sha256 " + expected.get()
                    + ", the copy is " + actual);
        }
    }

    private static String fileName(Path source) {
        Path name = source.getFileName();
        if (name == null) {
            throw new StoreRefused("refused " + NoFollow.shown(source) + ": it names no file");
        }
        return name.toString();
    }

    private FileLocks.Held lock() {
        try {
            AtomicFile.createPrivateDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot create the store " + NoFollow.shown(root) + ": " + e.getMessage(), e);
        }
        return FileLocks.acquire(root.resolve(".store.lock"), LOCK_WAIT);
    }

    private static void delete(Path path) throws IOException {
        WritableDeletion.delete(path);
    }
}
