package dev.animus.shell.tour;

import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The example plugin the tour shows: the echo example of an examples directory, either
 * {@code <dir>/echo/animus-plugin-echo} (the image's layout) or {@code <dir>/animus-plugin-echo}
 * (a directory of launchers, such as the reactor's test plugins). Only its presence is checked
 * here: whether it runs is what the tour's steps find out, each in its turn.
 *
 * @param executable the plugin's executable, absolute and normalized
 * @param name the name it is installed under ({@code echo})
 */
public record TourExample(Path executable, String name) {
    /** The system property the launcher sets to the image's {@code examples} directory. */
    public static final String PROPERTY = "animus.examples";

    private static final String FILE = "animus-plugin-echo";

    public TourExample {
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(name, "name");
    }

    /** The directory discovery is pointed at ({@code $ANIMUS_PLUGIN_PATH}): where the executable lies. */
    Path directory() {
        return executable.getParent();
    }

    /**
     * The example of {@code option}, else of the {@value #PROPERTY} property.
     *
     * @throws CommandFailed (usage) naming {@code --examples} and what it must hold, when neither gives one
     */
    static TourExample locate(Optional<Path> option, Optional<String> property) {
        Optional<Path> dir = option.or(() -> property.filter(p -> !p.isBlank()).map(Path::of));
        if (dir.isEmpty()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "examples_missing",
                    "no examples directory: give --examples DIR, a directory" + " holding echo/" + FILE
                            + " (the image's examples/ has it)");
        }
        Path base = dir.get().toAbsolutePath().normalize();
        for (Path candidate : List.of(base.resolve("echo").resolve(FILE), base.resolve(FILE))) {
            if (Files.isRegularFile(candidate)) {
                return new TourExample(candidate, "echo");
            }
        }
        String where = option.isPresent() ? "--examples " + dir.get() : dir.get() + " (from -D" + PROPERTY + ")";
        throw new CommandFailed(
                ExitCodes.USAGE,
                "examples_missing",
                where + " holds no echo example: give --examples DIR, a" + " directory holding echo/" + FILE
                        + " (the image's examples/ has it)");
    }
}
