package dev.animus.shell.completion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jline.reader.Candidate;

/**
 * File path completions for a word typed so far: the entries of the directory it names, relative
 * to the working directory unless absolute. A directory completes with a {@code /} and leaves the
 * word open; hidden entries show only once a {@code .} is typed. No {@code ~} expansion: the shell
 * does not expand it either.
 */
final class PathCandidates {
    /** A directory with more entries than this completes the first ones only. */
    static final int LIMIT = 1000;

    private PathCandidates() {}

    static List<Candidate> of(String typed, Path workingDirectory) {
        int slash = typed.lastIndexOf('/');
        String dirPart = typed.substring(0, slash + 1);
        String base = typed.substring(slash + 1);
        Path dir = dirPart.isEmpty() ? workingDirectory : workingDirectory.resolve(dirPart);
        List<Candidate> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (!name.startsWith(base) || (name.startsWith(".") && !base.startsWith("."))) {
                    continue;
                }
                boolean directory = Files.isDirectory(p);
                String value = dirPart + name + (directory ? "/" : "");
                out.add(new Candidate(value, name + (directory ? "/" : ""), null, null, null, null, !directory));
                if (out.size() == LIMIT) {
                    break;
                }
            }
        } catch (IOException | UncheckedIOException | SecurityException | InvalidPathException e) {
            return List.of(); // no such directory, or not readable: nothing to offer
        }
        out.sort(Comparator.comparing(Candidate::value));
        return out;
    }
}
