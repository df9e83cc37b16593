package dev.animus.store;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a document that the host trusts for what it says (docs/security.md#the-state-document): the
 * state document, a lockfile, the trusted owners file. The document is opened as the secrets file
 * is:
 * <ul>
 *   <li>it is lstat'ed first and must be a regular file: a symbolic link, a directory, a FIFO, a
 *       socket or a device is refused before anything opens it (a FIFO would block the read for
 *       good);
 *   <li>its mode and owner must not let anyone but the operator change it ({@link Access});
 *   <li>it is opened without following a link, lstat'ed again (another file in its place is
 *       refused) and read up to a bound (a bigger file is refused, never read whole).
 * </ul>
 * A missing document is reported as such, not refused. Each caller turns a {@link Refusal} into
 * its own one-line error. Stateless and thread-safe.
 */
final class DocumentFile {
    /** Who besides the operator may change a document. */
    enum Access {
        /**
         * A document animus writes 0600 (the state, the trusted owners): refused when the group or
         * others may write it, or when it is owned by anyone but the user animus runs as and root.
         */
        PRIVATE,
        /**
         * A document meant to be shared (a lockfile, committed with a project, perhaps checked out
         * by another user or with a group-writable umask): refused only when others may write it.
         */
        SHARED
    }

    /** Why a document was not read; {@link #reason} says what was found, {@link #fix} what to do. */
    static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;

        /** What kind of refusal. */
        enum Kind {
            /** Not a regular file (a link, a directory, a special file). */
            NOT_REGULAR,
            /** A mode or owner that lets someone else change it. */
            UNSAFE,
            /** Bigger than the bound. */
            TOO_LARGE
        }

        private final Kind kind;
        private final String reason;
        private final String fix;

        Refusal(Kind kind, String reason, String fix) {
            super(reason + "; " + fix, null, false, false);
            this.kind = kind;
            this.reason = reason;
            this.fix = fix;
        }

        Kind kind() {
            return kind;
        }

        String reason() {
            return reason;
        }

        String fix() {
            return fix;
        }
    }

    private static final Set<PosixFilePermission> GROUP_OR_OTHERS_WRITE =
            Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);
    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./,:@%+=-]+");
    private static final int ROOT = 0;

    private DocumentFile() {}

    /**
     * The bytes of {@code file}; empty when nothing is there.
     *
     * @param maxBytes the most a document animus writes can hold
     * @throws Refusal when it is not a regular file, its mode or owner is not safe for {@code access},
     *     it is larger than {@code maxBytes}, or another file took its place while it was opened
     * @throws IOException when it cannot be read
     */
    static Optional<byte[]> read(Path file, int maxBytes, Access access) throws Refusal, IOException {
        Optional<PosixFileAttributes> found = NoFollow.lstatIfExists(file);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        PosixFileAttributes before = found.get();
        requireRegular(file, before);
        requireSafe(file, before, access);
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            PosixFileAttributes opened = NoFollow.lstat(file);
            if (!opened.isRegularFile() || !Objects.equals(before.fileKey(), opened.fileKey())) {
                throw new Refusal(
                        Refusal.Kind.NOT_REGULAR,
                        "another file took its place while it was opened",
                        "try again when nothing replaces it");
            }
            return Optional.of(bounded(in, maxBytes));
        } catch (NoSuchFileException e) {
            return Optional.empty(); // removed between the lstat and the open
        }
    }

    /**
     * Refuses a lock file that is there but is not a regular file (opening a FIFO to lock it would
     * block); a missing one is fine, the lock creates it.
     *
     * @throws IOException naming the file and the fix
     */
    static void requireLockable(Path lockFile) throws IOException {
        Optional<PosixFileAttributes> found = NoFollow.lstatIfExists(lockFile);
        if (found.isPresent() && !found.get().isRegularFile()) {
            throw new IOException("it is " + NoFollow.describe(found.get()) + ", not a regular file (a FIFO would"
                    + " block every command); remove it, animus creates the lock file again");
        }
    }

    private static void requireRegular(Path file, PosixFileAttributes attrs) throws Refusal {
        if (!attrs.isRegularFile()) {
            throw new Refusal(
                    Refusal.Kind.NOT_REGULAR,
                    "it is " + NoFollow.describe(attrs)
                            + ", not a regular file (a FIFO would block the read, a write would replace a link)",
                    "put the file itself in its place, or move this aside");
        }
    }

    private static void requireSafe(Path file, PosixFileAttributes attrs, Access access) throws Refusal {
        Set<PosixFilePermission> mode = attrs.permissions();
        String chmod = "check what it holds, then run 'chmod " + (access == Access.PRIVATE ? "600" : "go-w") + " "
                + shellWord(file.toString()) + "'";
        if (mode.contains(PosixFilePermission.OTHERS_WRITE)
                || access == Access.PRIVATE && mode.contains(PosixFilePermission.GROUP_WRITE)) {
            String who = mode.contains(PosixFilePermission.OTHERS_WRITE) ? "every user" : "its group";
            throw new Refusal(
                    Refusal.Kind.UNSAFE,
                    who + " may write it (mode " + octal(mode) + "), so what it says may not be yours",
                    chmod);
        }
        if (access == Access.PRIVATE) {
            Optional<String> foreign = foreignOwner(file);
            if (foreign.isPresent()) {
                throw new Refusal(
                        Refusal.Kind.UNSAFE,
                        foreign.get() + ", so what it says may not be yours",
                        "check what it holds, then make it yours (chown) or move it aside");
            }
        }
    }

    /**
     * Why {@code file} (lstat'ed) belongs to someone else: "it is owned by the user with uid N, not
     * by you (uid M) nor root"; empty when its owner is the user this process runs as, or root.
     *
     * @throws Refusal when its owner cannot be read
     */
    static Optional<String> foreignOwner(Path file) throws Refusal {
        int owner = uid(file);
        long me = currentUid();
        if (owner == me || owner == ROOT) {
            return Optional.empty();
        }
        return Optional.of("it is owned by the user with uid " + owner + ", not by you (uid " + me + ") nor root");
    }

    private static byte[] bounded(FileChannel in, int maxBytes) throws Refusal, IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(maxBytes + 1L, Math.max(in.size() + 1, 8192)));
        while (true) {
            int n = in.read(buffer);
            if (n < 0) {
                return Arrays.copyOf(buffer.array(), buffer.position());
            }
            if (buffer.position() > maxBytes) {
                throw new Refusal(
                        Refusal.Kind.TOO_LARGE,
                        "it is larger than " + (maxBytes >> 20) + " MiB, which no such file animus writes is",
                        "fix it by hand or move it aside");
            }
            if (!buffer.hasRemaining()) {
                // the file grew since its size was read: grow the buffer, up to the bound + 1
                int next = (int) Math.min(maxBytes + 1L, buffer.capacity() * 2L);
                buffer = ByteBuffer.allocate(next).put(buffer.flip());
            }
        }
    }

    private static int uid(Path file) throws Refusal {
        try {
            return (Integer) Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            throw new Refusal(
                    Refusal.Kind.UNSAFE,
                    "its owner cannot be read (" + e.getMessage() + ")",
                    "animus needs a POSIX file system for its home");
        }
    }

    /** The user id this process runs as. */
    static long currentUid() {
        return new UnixSystem().getUid();
    }

    /** A mode as {@code ls} and {@code chmod} spell it in octal: {@code 0644}. */
    static String octal(Set<PosixFilePermission> mode) {
        int bits = 0;
        for (PosixFilePermission p : mode) {
            bits |= 1 << (8 - p.ordinal());
        }
        return String.format("%04o", bits);
    }

    /** {@code text} as one word for a POSIX shell. */
    static String shellWord(String text) {
        return SHELL_SAFE.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
    }
}
