package dev.animus.process;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What to start: the command, its <em>complete</em> environment (nothing is inherited from the
 * host), an optional working directory, and a display name used in logs and errors.
 */
public record SpawnSpec(
        List<String> command, Map<String, String> environment, Optional<Path> workingDirectory, String name) {

    public SpawnSpec {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("command must not be empty");
        }
        environment = Map.copyOf(environment);
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(name, "name");
    }

    /** Names the environment's variables but never their values (a plugin's secrets are among them). */
    @Override
    public String toString() {
        return "SpawnSpec[command=" + command + ", environment=" + new TreeSet<>(environment.keySet())
                + ", workingDirectory=" + workingDirectory + ", name=" + name + "]";
    }

    /** The executable (first element of the command). */
    public String executable() {
        return command.getFirst();
    }
}
