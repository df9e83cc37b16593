package dev.animus.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The digest of a plugin directory (docs/security.md#the-digest-addressed-store), format 2. The
 * UTF-8 bytes of this stream are fed to SHA-256, and the result written as lowercase hex:
 * <pre>
 *   "animus-tree-v2\0\n"
 *   then, for every directory and regular file below the root (the root itself is not one), in the
 *   order of {@link String#compareTo} of its relative '/'-separated path:
 *     a directory:                         "d\0" + path + "\0\n"
 *     a file its owner may not execute:    "f\0" + path + "\0" + sha256hex(content) + "\n"
 *     a file its owner may execute:        "x\0" + path + "\0" + sha256hex(content) + "\n"
 * </pre>
 * String order is UTF-16 code unit order, which differs from UTF-8 byte order only for paths
 * outside the Basic Multilingual Plane. A path holds no NUL, so the stream reads back into exactly
 * one list of entries: two trees have the same digest only if they hold the same directories
 * (empty ones included), the same files with the same bytes, and the same owner-execute bits. Of a
 * file's mode only that bit counts, the one the store keeps (read and write bits follow the umask,
 * and the store drops every write bit, see {@link StoredMode}); a tree holding a file with a
 * setuid, setgid or sticky bit, or that every user may write, has no digest: it is refused
 * ({@link TreeWalk}). The header cannot begin a stream of format 1 (path, NUL, 64 hex digits per
 * file, no header), so no tree has the same digest in both formats.
 */
final class TreeDigest {
    /** The first bytes of the stream: the format. */
    static final String HEADER = "animus-tree-v2\0\n";

    private TreeDigest() {}

    /** What one entry of a tree is. */
    enum Kind {
        DIRECTORY("d"),
        FILE("f"),
        EXECUTABLE("x");

        private final String code;

        Kind(String code) {
            this.code = code;
        }
    }

    /**
     * One directory or regular file of a tree: its relative '/'-separated path, its kind and, for a
     * file, the SHA-256 of its bytes (empty for a directory).
     */
    record Entry(String path, Kind kind, String sha256) {
        Entry {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(sha256, "sha256");
            if (path.isEmpty() || path.indexOf('\0') >= 0) {
                throw new IllegalArgumentException(
                        "a tree entry's path is empty or holds a NUL: " + NoFollow.quoted(path));
            }
            if ((kind == Kind.DIRECTORY) != sha256.isEmpty()) {
                throw new IllegalArgumentException("a directory has no content digest, a file has one: " + path);
            }
        }

        static Entry directory(String path) {
            return new Entry(path, Kind.DIRECTORY, "");
        }

        static Entry file(String path, boolean executable, String sha256) {
            return new Entry(path, executable ? Kind.EXECUTABLE : Kind.FILE, sha256);
        }
    }

    /** The tree digest of these entries, in any order; each path at most once. */
    static String of(List<Entry> entries) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparing(Entry::path));
        Set<String> seen = new HashSet<>();
        MessageDigest md = Sha256.start();
        md.update(HEADER.getBytes(StandardCharsets.UTF_8));
        for (Entry e : sorted) {
            if (!seen.add(e.path())) {
                throw new IllegalArgumentException("the path " + NoFollow.quoted(e.path()) + " is in the tree twice");
            }
            String tail = e.kind() == Kind.DIRECTORY ? "\n" : e.sha256() + "\n";
            md.update((e.kind().code + "\0" + e.path() + "\0" + tail).getBytes(StandardCharsets.UTF_8));
        }
        return Sha256.finish(md);
    }

    /**
     * The tree digest of the directory {@code root}.
     *
     * @throws StoreRefused for a symbolic link or special file anywhere in it, a file with a setuid,
     *     setgid or sticky bit or one every user may write, a directory every user may write, or a
     *     root that is not a directory
     */
    static String of(Path root) {
        List<Entry> entries = new ArrayList<>();
        TreeWalk.walk(root, new TreeWalk.Visitor() {
            @Override
            public void directory(TreeWalk.Item dir) {
                entries.add(Entry.directory(dir.slashed()));
            }

            @Override
            public void file(TreeWalk.Item file) throws IOException {
                CheckedRead.Copied read = CheckedRead.hash(file.path());
                entries.add(Entry.file(file.slashed(), StoredMode.ownerMayRun(read.sourceMode()), read.sha256()));
            }
        });
        return of(entries);
    }
}
