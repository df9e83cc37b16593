package dev.animus.scaffold;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Scaffold#write} wrote.
 *
 * @param directory the plugin's directory (install it with {@code plugin install --path})
 * @param executable the plugin's entry, inside it
 * @param files every file written, in the order written
 */
public record PluginProject(Path directory, Path executable, List<Path> files) {
    public PluginProject {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(executable, "executable");
        files = List.copyOf(files);
    }
}
