package dev.animus.host;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The project a plugin serves: its canonical root. A plugin started with a binding runs with the
 * root as its working directory and is told the root in {@code initialize}
 * ({@code init_extensions.project_binding}, docs/protocol.md#the-initialize-request).
 *
 * @param projectRoot absolute and normalised (the caller resolves links: a canonical path)
 */
public record ProjectBinding(Path projectRoot) {
    public ProjectBinding {
        Objects.requireNonNull(projectRoot, "projectRoot");
        if (!projectRoot.isAbsolute() || !projectRoot.normalize().equals(projectRoot)) {
            throw new IllegalArgumentException("a project root must be absolute and normalised: " + projectRoot);
        }
    }
}
