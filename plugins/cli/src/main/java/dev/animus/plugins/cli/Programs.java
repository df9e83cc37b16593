package dev.animus.plugins.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the program a command names, as {@code execvp} would, before it is started: a name with a
 * {@code /} is a path (relative ones against the run's directory), a bare name is looked up in the
 * {@code PATH} the command will get. Looking first turns "no such program" into an error that
 * names the configuration instead of an exit code of {@code setsid}. Stateless.
 */
final class Programs {

    private Programs() {}

    /** The absolute path of {@code program}, if it is an executable file. */
    static Optional<Path> resolve(String program, Path cwd, Map<String, String> env) {
        try {
            if (program.contains("/")) {
                return executable(cwd.resolve(program));
            }
            String path = env.getOrDefault("PATH", "");
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty() && Path.of(dir).isAbsolute()) {
                    Optional<Path> found = executable(Path.of(dir, program));
                    if (found.isPresent()) {
                        return found;
                    }
                }
            }
            return Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> executable(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
    }
}
