package dev.animus.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The digest of a plugin directory (security.md §2). For every regular file, in the order of
 * {@link String#compareTo} of its relative '/'-separated path (UTF-16 code unit order, which
 * differs from UTF-8 byte order only for paths outside the Basic Multilingual Plane), the UTF-8
 * bytes of {@code path + "\0" + sha256hex(content) + "\n"} are fed to SHA-256; the result is
 * written as lowercase hex. Directories contribute only through the paths of the files they hold,
 * so an empty directory contributes nothing. Modes are not part of the digest.
 */
final class TreeDigest {
    private TreeDigest() {}

    /** One regular file of a tree: its relative '/'-separated path and the SHA-256 of its bytes. */
    record FileHash(String path, String sha256) {}

    /** The tree digest of these files, in any order. */
    static String of(List<FileHash> files) {
        List<FileHash> sorted = new ArrayList<>(files);
        sorted.sort(Comparator.comparing(FileHash::path));
        MessageDigest md = Sha256.start();
        for (FileHash f : sorted) {
            md.update((f.path() + "\0" + f.sha256() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return Sha256.finish(md);
    }

    /**
     * The tree digest of the directory {@code root}.
     *
     * @throws StoreRefused for a symbolic link or special file anywhere in it, or a root that is not
     *     a directory
     */
    static String of(Path root) {
        List<FileHash> files = new ArrayList<>();
        TreeWalk.walk(root, new TreeWalk.Visitor() {
            @Override
            public void directory(TreeWalk.Item dir) {}

            @Override
            public void file(TreeWalk.Item file) throws IOException {
                files.add(new FileHash(file.slashed(), CheckedRead.sha256(file.path())));
            }
        });
        return of(files);
    }
}
