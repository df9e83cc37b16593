package dev.animus.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A publication being prepared: a dot-prefixed partial directory {@code <root>/.partial-<uuid>}
 * that the copy goes into, is checked and sealed in, and is then renamed to {@code <root>/<digest>}
 * in one step. {@link #close()} deletes it unless it was renamed, so a failed publication leaves
 * nothing behind. Confined to the thread that publishes.
 */
final class Stage implements AutoCloseable {
    /** The prefix of partial directories; garbage collection removes leftovers. */
    static final String PARTIAL_PREFIX = ".partial-";

    private final Path dir;
    private final List<Path> directories = new ArrayList<>();

    private Stage(Path dir) {
        this.dir = dir;
        directories.add(dir);
    }

    /** A new, empty partial directory (mode 0700) under {@code root}, which must exist. */
    static Stage create(Path root) {
        Path dir = freshPartial(root);
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(StoredMode.WORKING_DIRECTORY));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + NoFollow.shown(dir) + ": " + e.getMessage(), e);
        }
        return new Stage(dir);
    }

    /** A name for a partial directory under {@code root} that nothing has yet. */
    static Path freshPartial(Path root) {
        return root.resolve(PARTIAL_PREFIX + UUID.randomUUID());
    }

    Path dir() {
        return dir;
    }

    /** Copies the regular file {@code source} into the stage under {@code name}. */
    CheckedRead.Copied copyFile(Path source, String name) {
        return CheckedRead.copy(source, dir.resolve(name));
    }

    /**
     * Copies the tree under {@code sourceDir} into the stage.
     *
     * @return every directory and regular file copied, as the tree digest counts them
     * @throws StoreRefused for a symbolic link or special file in it (the stage is then incomplete)
     */
    List<TreeDigest.Entry> copyTree(Path sourceDir) {
        List<TreeDigest.Entry> files = new ArrayList<>();
        TreeWalk.walk(sourceDir, new TreeWalk.Visitor() {
            @Override
            public void directory(TreeWalk.Item source) throws IOException {
                Path copy = dir.resolve(source.relative());
                Files.createDirectory(copy, PosixFilePermissions.asFileAttribute(StoredMode.WORKING_DIRECTORY));
                directories.add(copy);
                files.add(TreeDigest.Entry.directory(source.slashed()));
            }

            @Override
            public void file(TreeWalk.Item source) {
                CheckedRead.Copied copied = CheckedRead.copy(source.path(), dir.resolve(source.relative()));
                // the copy keeps the source's owner-execute bit (StoredMode.ofFile), so its digest is the source's
                files.add(TreeDigest.Entry.file(
                        source.slashed(), StoredMode.ownerMayRun(copied.sourceMode()), copied.sha256()));
            }
        });
        return files;
    }

    /** The attributes of {@code entry} in the stage (see {@link EntryPath#find}). */
    Optional<PosixFileAttributes> find(String entry) {
        try {
            return EntryPath.find(dir, entry);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + NoFollow.shown(dir) + ": " + e.getMessage(), e);
        }
    }

    /** Makes every directory of the stage r-xr-xr-x, deepest first, and forces each to disk. */
    void seal() {
        for (Path d : directories.reversed()) {
            try {
                NoFollow.setPermissions(d, StoredMode.DIRECTORY);
                AtomicFile.syncDirectory(d);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot seal " + NoFollow.shown(d) + ": " + e.getMessage(), e);
            }
        }
    }

    /** Deletes the partial directory if it is still there (it is not once it was renamed). */
    @Override
    public void close() {
        try {
            WritableDeletion.delete(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot delete the partial directory " + NoFollow.shown(dir) + ": " + e.getMessage(), e);
        }
    }
}
