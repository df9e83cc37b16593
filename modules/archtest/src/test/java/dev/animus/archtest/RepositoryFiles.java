package dev.animus.archtest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The files of the repository the citation rules read, found from the working directory the tests
 * run in ({@code modules/archtest}) by walking up to the directory that holds {@code mvnw},
 * {@code docs/} and {@code modules/}.
 */
final class RepositoryFiles {
    /** Where sources live, relative to the root. */
    static final List<String> SOURCE_DIRS =
            List.of("modules", "plugins", "examples", "jlink", "packaging", "scripts", "bench", ".ci");
    /** Files at the root that are read as sources. */
    static final List<String> ROOT_FILES = List.of("pom.xml", "mvnw");
    /** Markdown at the root; the rest is found under docs/ and the source directories. */
    static final List<String> ROOT_MARKDOWN = List.of("README.md", "CONTRIBUTING.md");

    private static final Set<String> SKIPPED_DIRS = Set.of("target", ".git", "node_modules", "__pycache__");

    private RepositoryFiles() {}

    /** The repository root above the current directory. */
    static Path root() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("mvnw"))
                    && Files.isDirectory(d.resolve("docs"))
                    && Files.isDirectory(d.resolve("modules"))) {
                return d;
            }
        }
        throw new IllegalStateException(
                "no repository root above " + Path.of("").toAbsolutePath());
    }

    /** Every text file under the source directories but Markdown, and the root's build files. */
    static List<Path> sources(Path root) {
        Stream<Path> under = SOURCE_DIRS.stream()
                .map(root::resolve)
                .filter(Files::isDirectory)
                .flatMap(RepositoryFiles::walk)
                .filter(p -> !p.toString().endsWith(".md"));
        Stream<Path> top = ROOT_FILES.stream().map(root::resolve).filter(Files::isRegularFile);
        return Stream.concat(top, under)
                .filter(RepositoryFiles::isText)
                .sorted()
                .toList();
    }

    /** Every Markdown file: docs/, the root's, and those beside the sources. */
    static List<Path> markdown(Path root) {
        Stream<Path> dirs = Stream.concat(Stream.of("docs"), SOURCE_DIRS.stream())
                .map(root::resolve)
                .filter(Files::isDirectory)
                .flatMap(RepositoryFiles::walk);
        Stream<Path> top = ROOT_MARKDOWN.stream().map(root::resolve).filter(Files::isRegularFile);
        return Stream.concat(top, dirs.filter(p -> p.toString().endsWith(".md")))
                .sorted()
                .toList();
    }

    private static Stream<Path> walk(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            return all
                    .filter(p -> segments(dir, p).stream().noneMatch(SKIPPED_DIRS::contains))
                    .filter(Files::isRegularFile)
                    .toList()
                    .stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> segments(Path dir, Path p) {
        return Stream.iterate(dir.relativize(p), q -> q != null, Path::getParent)
                .map(q -> q.getFileName().toString())
                .toList();
    }

    /** Not binary: no NUL in its first 8 KiB, and not larger than 4 MiB. */
    private static boolean isText(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            if (Files.size(file) > 4 << 20) {
                return false;
            }
            for (byte b : in.readNBytes(8192)) {
                if (b == 0) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
