package dev.animus.fetch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/** The entries of an extracted archive, walked once without following links, in path order. */
record ArchiveFiles(Path root, List<Path> topLevel, List<Path> regular) {
    private static final Set<PosixFilePermission> EXECUTE = EnumSet.of(
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE);

    ArchiveFiles {
        topLevel = List.copyOf(topLevel);
        regular = List.copyOf(regular);
    }

    /** @throws UncheckedIOException naming {@code root} when it cannot be walked */
    static ArchiveFiles of(Path root) {
        try (Stream<Path> top = Files.list(root);
                Stream<Path> all = Files.walk(root)) {
            return new ArchiveFiles(
                    root,
                    top.sorted().toList(),
                    all.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                            .sorted()
                            .toList());
        } catch (IOException e) {
            throw unreadable(root, e);
        } catch (UncheckedIOException e) {
            throw unreadable(root, e.getCause());
        }
    }

    private static UncheckedIOException unreadable(Path root, IOException e) {
        return new UncheckedIOException("cannot read the extracted archive " + root + ": " + e.getMessage(), e);
    }

    /** {@code files} as {@code /}-separated paths relative to the root. */
    List<String> relative(List<Path> files) {
        return files.stream()
                .map(f ->
                        root.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/"))
                .toList();
    }

    /** Whether any execute bit is set on {@code file} (not following links); on a non-POSIX file system, a {@code .exe} name. */
    static boolean isExecutable(Path file) {
        try {
            PosixFileAttributes a = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isRegularFile() && a.permissions().stream().anyMatch(EXECUTE::contains);
        } catch (UnsupportedOperationException e) {
            return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".exe");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the mode of " + file + ": " + e.getMessage(), e);
        }
    }
}
