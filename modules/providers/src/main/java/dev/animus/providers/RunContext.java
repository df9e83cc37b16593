package dev.animus.providers;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a run happens: the caller's working directory and the project the host is bound to, if
 * any. The run's {@code cwd} is the project root when bound, else the caller's directory.
 */
public record RunContext(Path callerDirectory, Optional<Path> projectRoot) {
    public RunContext {
        Objects.requireNonNull(callerDirectory, "callerDirectory");
        Objects.requireNonNull(projectRoot, "projectRoot");
        if (!callerDirectory.isAbsolute()) {
            throw new IllegalArgumentException("the caller's directory must be absolute: " + callerDirectory);
        }
    }

    /** The {@code cwd} of the run. */
    public Path cwd() {
        return projectRoot.orElse(callerDirectory);
    }
}
