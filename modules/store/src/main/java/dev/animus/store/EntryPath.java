package dev.animus.store;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The entry of a stored artifact: the executable's relative '/'-separated path inside
 * {@code <root>/<digest>} (docs/security.md#the-digest-addressed-store). Only the normal form is
 * accepted; nothing is normalised, so an entry means one file and is written one way
 * ({@code ./bin/x} is refused, not read as {@code bin/x}).
 */
final class EntryPath {
    private static final int MAX_LENGTH = 1024;
    private static final Pattern WINDOWS_DRIVE = Pattern.compile("[A-Za-z]:.*");

    private EntryPath() {}

    /** Why {@code entry} is not an entry in normal form; empty when it is one. */
    static Optional<String> problem(String entry) {
        if (entry.isEmpty()) {
            return Optional.of("is empty");
        }
        if (entry.length() > MAX_LENGTH) {
            return Optional.of("is longer than " + MAX_LENGTH + " characters");
        }
        if (entry.chars().anyMatch(Character::isISOControl)) {
            return Optional.of("contains a control character");
        }
        if (entry.contains("\\")) {
            return Optional.of("contains a backslash; separate directories with '/'");
        }
        if (entry.startsWith("/") || WINDOWS_DRIVE.matcher(entry).matches()) {
            return Optional.of("is absolute; write the path relative to the plugin directory");
        }
        for (String segment : entry.split("/", -1)) {
            switch (segment) {
                case "" -> {
                    return Optional.of("has an empty segment ('//' or a trailing '/')");
                }
                case "." -> {
                    return Optional.of("has a '.' segment; write it without, e.g. 'bin/tool' for './bin/tool'");
                }
                case ".." -> {
                    return Optional.of("has a '..' segment; the entry must stay inside the plugin directory");
                }
                default -> {}
            }
        }
        return Optional.empty();
    }

    /**
     * {@code entry}, checked.
     *
     * @throws StoreRefused naming the entry and what to fix when it is not in normal form
     */
    static String require(String entry) {
        problem(entry).ifPresent(p -> {
            throw new StoreRefused("refused the entry " + NoFollow.quoted(entry) + ": it " + p);
        });
        return entry;
    }

    /**
     * The attributes of the entry itself (lstat) inside {@code root}; empty when it or a directory
     * on its way is absent, or a name on its way is not a directory.
     *
     * @throws StoreRefused when a name on the way is a symbolic link
     */
    static Optional<PosixFileAttributes> find(Path root, String entry) throws IOException {
        Path at = root;
        String[] names = entry.split("/");
        for (int i = 0; i < names.length; i++) {
            at = at.resolve(names[i]);
            Optional<PosixFileAttributes> attrs = NoFollow.lstatIfExists(at);
            if (attrs.isEmpty() || i == names.length - 1) {
                return attrs;
            }
            if (attrs.get().isSymbolicLink()) {
                throw new StoreRefused("refused the entry " + NoFollow.quoted(entry) + " in " + NoFollow.shown(root)
                        + ": " + NoFollow.shown(root.relativize(at)) + " on its way is a symbolic link");
            }
            if (!attrs.get().isDirectory()) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
