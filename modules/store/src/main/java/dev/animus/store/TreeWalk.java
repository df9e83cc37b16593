package dev.animus.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.EnumSet;
import java.util.Optional;

/**
 * Walks a plugin directory without following links and refuses (never skips) anything that is
 * neither a directory nor a regular file (docs/security.md#the-digest-addressed-store), and any
 * directory, the root included, that every user may write. (Files with a setuid, setgid or sticky
 * bit or a write bit for every user are refused when they are read, by {@link CheckedRead}.)
 * Directories are visited before what they hold; the order among siblings is the file system's.
 */
final class TreeWalk {
    private TreeWalk() {}

    /** Something found in the tree: its path relative to the tree's root, and its path. */
    record Item(Path relative, Path path) {
        /** The relative path with '/' between its names, as the tree digest and entries write it. */
        String slashed() {
            StringBuilder b = new StringBuilder();
            for (Path name : relative) {
                if (!b.isEmpty()) {
                    b.append('/');
                }
                b.append(name);
            }
            return b.toString();
        }
    }

    /** What the walk reports. Runtime exceptions thrown here end the walk and reach the caller. */
    interface Visitor {
        /** A directory below the root (the root itself is not reported). */
        void directory(Item dir) throws IOException;

        /** A regular file, as the walk saw it (lstat); it may have changed since. */
        void file(Item file) throws IOException;
    }

    /**
     * Visits every directory and regular file under {@code root}.
     *
     * @throws StoreRefused naming the root when it is not a directory, or naming the relative path
     *     of a symbolic link or special file inside it, or of a directory every user may write
     * @throws UncheckedIOException naming the path that cannot be read
     */
    static void walk(Path root, Visitor visitor) {
        try {
            PosixFileAttributes rootAttrs = NoFollow.lstat(root);
            if (!rootAttrs.isDirectory()) {
                throw new StoreRefused("refused " + NoFollow.shown(root) + ": it is " + NoFollow.describe(rootAttrs)
                        + ", not a directory; give the plugin directory's real path");
            }
            Files.walkFileTree(
                    root, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE, new Walker(root, visitor));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + NoFollow.shown(root) + ": " + e.getMessage(), e);
        }
    }

    private static final class Walker extends SimpleFileVisitor<Path> {
        private final Path root;
        private final Visitor visitor;

        Walker(Path root, Visitor visitor) {
            this.root = root;
            this.visitor = visitor;
        }

        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
            int mode = NoFollow.mode(dir);
            Optional<String> problem = StoredMode.directoryProblem(mode);
            if (problem.isPresent()) {
                String which = dir.equals(root) ? "it" : NoFollow.quoted(new Item(root.relativize(dir), dir).slashed());
                throw new StoreRefused(
                        "refused " + NoFollow.shown(root) + ": " + which + " is a directory and " + problem.get()
                                + " (mode " + StoredMode.octal(mode) + "); run 'chmod o-w' on it if it is yours");
            }
            if (!dir.equals(root)) {
                visitor.directory(new Item(root.relativize(dir), dir));
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
            // without FOLLOW_LINKS these are the attributes of the link itself, not of its target
            Item item = new Item(root.relativize(file), file);
            if (!attrs.isRegularFile()) {
                throw new StoreRefused("refused " + NoFollow.shown(root) + ": " + NoFollow.quoted(item.slashed())
                        + " is " + NoFollow.describe(attrs) + "; a plugin directory may hold only regular files"
                        + " and directories (copy the real file in its place)");
            }
            visitor.file(item);
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            throw e;
        }
    }
}
