package dev.animus.fetch;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What to install from an extracted release archive: a plugin directory, or one executable.
 *
 * <p>In order: a directory with a {@code Plugin.toml} file, at the top of the archive or as its
 * single top-level directory, is a {@link Tree}. Else an executable named like the repository
 * ({@code <repo>}, {@code animus-plugin-<repo>} or {@code animus-provider-<repo>}, each also with
 * {@code .exe}; case-insensitively, anywhere in the tree, whatever its mode bits, since zip
 * archives often carry none) is the {@link Executable}. Else the one file with an execute bit is.
 * Else {@link NotFound}: no candidate, or several, listed by their relative paths. Symbolic links
 * are never followed nor picked (the extractor refuses them; this does not rely on it).
 */
public sealed interface ArchivePick {
    /** Install this directory as a plugin tree. */
    record Tree(Path dir) implements ArchivePick {
        public Tree {
            Objects.requireNonNull(dir, "dir");
        }
    }

    /** Install this file as a single executable. */
    record Executable(Path file) implements ArchivePick {
        public Executable {
            Objects.requireNonNull(file, "file");
        }
    }

    /**
     * Nothing in the archive can be installed unambiguously.
     *
     * @param reason one line: what was looked for, what was found (relative paths), what to do
     */
    record NotFound(String reason) implements ArchivePick {
        public NotFound {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * What to install from {@code extracted}, by the rules above.
     *
     * @param extracted the directory the archive was extracted into
     * @param repo the repository's name, which a named executable matches
     * @throws UncheckedIOException naming the directory when it cannot be read
     */
    static ArchivePick from(Path extracted, String repo) {
        Objects.requireNonNull(extracted, "extracted");
        Objects.requireNonNull(repo, "repo");
        ArchiveFiles files = ArchiveFiles.of(extracted);
        if (isPluginDir(extracted)) {
            return new Tree(extracted);
        }
        List<Path> top = files.topLevel();
        if (top.size() == 1
                && Files.isDirectory(top.getFirst(), LinkOption.NOFOLLOW_LINKS)
                && isPluginDir(top.getFirst())) {
            return new Tree(top.getFirst());
        }
        List<Path> named =
                files.regular().stream().filter(f -> isNamedLike(f, repo)).toList();
        if (named.size() == 1) {
            return new Executable(named.getFirst());
        }
        if (named.size() > 1) {
            return new NotFound(
                    "the archive holds " + named.size() + " executables named like the repository "
                            + Names.quote(repo) + ": " + Names.list(files.relative(named))
                            + "; it should hold one, or a plugin directory with Plugin.toml; ask the maintainers, or install from a local path");
        }
        List<Path> executables =
                files.regular().stream().filter(ArchiveFiles::isExecutable).toList();
        if (executables.size() == 1) {
            return new Executable(executables.getFirst());
        }
        String found = executables.isEmpty()
                ? "no Plugin.toml at the top or in a single top-level directory, no file named " + Names.quote(repo)
                        + " or animus-plugin-" + repo + " or animus-provider-" + repo
                        + ", and no executable file; its files are: "
                        + Names.list(files.relative(files.regular()))
                : executables.size() + " executable files and none named like the repository " + Names.quote(repo)
                        + ": " + Names.list(files.relative(executables));
        return new NotFound(
                "cannot tell what to install from the archive: it has " + found
                        + "; ask the maintainers for an archive with one executable or a plugin directory, or install from a local path");
    }

    private static boolean isPluginDir(Path dir) {
        return Files.isRegularFile(dir.resolve("Plugin.toml"), LinkOption.NOFOLLOW_LINKS);
    }

    private static boolean isNamedLike(Path file, String repo) {
        String name = file.getFileName().toString();
        for (String prefix : List.of("", "animus-plugin-", "animus-provider-")) {
            for (String suffix : List.of("", ".exe")) {
                if (name.equalsIgnoreCase(prefix + repo + suffix)) {
                    return true;
                }
            }
        }
        return false;
    }
}
