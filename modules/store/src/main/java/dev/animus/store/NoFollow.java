package dev.animus.store;

import dev.animus.core.OneLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

/**
 * File system operations of the store that never follow a symbolic link in the last component of
 * a path, and the words the store's messages use for what they find there.
 */
final class NoFollow {
    private NoFollow() {}

    /** The attributes of {@code path} itself (lstat). */
    static PosixFileAttributes lstat(Path path) throws IOException {
        return Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * The whole mode of {@code path} itself ({@code st_mode} of lstat: type, setuid, setgid and
     * sticky bits, permissions), which {@link PosixFileAttributes} cannot express.
     */
    static int mode(Path path) throws IOException {
        try {
            return (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            throw new IOException("the file system of " + shown(path) + " has no POSIX modes: " + e.getMessage(), e);
        }
    }

    /** The attributes of {@code path} itself; empty when nothing is there. */
    static Optional<PosixFileAttributes> lstatIfExists(Path path) throws IOException {
        try {
            return Optional.of(lstat(path));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /**
     * Sets the mode of a directory or regular file. Anything else is refused before the call:
     * this JDK's no-follow attribute view still changes the target of a symbolic link.
     */
    static void setPermissions(Path path, Set<PosixFilePermission> mode) throws IOException {
        PosixFileAttributes attrs = lstat(path);
        if (!attrs.isDirectory() && !attrs.isRegularFile()) {
            throw new StoreRefused("refused to change the mode of " + shown(path) + ": it is " + describe(attrs));
        }
        Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setPermissions(mode);
    }

    /** What is at a path, as a message says it: "a symbolic link", "a directory", ... */
    static String describe(BasicFileAttributes attrs) {
        if (attrs.isSymbolicLink()) {
            return "a symbolic link";
        }
        if (attrs.isDirectory()) {
            return "a directory";
        }
        if (attrs.isRegularFile()) {
            return "a regular file";
        }
        return "a special file (FIFO, socket or device)";
    }

    /** A path as one line of text: a file name may hold a line break or an escape sequence. */
    static String shown(Path path) {
        return OneLine.of(path.toString());
    }

    /** Text from a file name or a caller, quoted on one line. */
    static String quoted(String text) {
        return "'" + OneLine.of(text) + "'";
    }
}
