package dev.animus.runtime;

import java.nio.file.Path;

/** A path the operator named cannot be resolved or read; the message says why, on one line. */
public final class PathUnreadable extends RuntimeException implements UseCaseFailure {
    private static final long serialVersionUID = 1L;

    /** The path as given. */
    private final transient Path path;

    PathUnreadable(Path path, String reason) {
        super(path + ": cannot be read: " + reason);
        this.path = path;
    }

    /** The path as the operator gave it. */
    public Path path() {
        return path;
    }
}
