package dev.animus.process;

/** The operating system refused to start a plugin process; the message names the executable. */
public final class SpawnFailed extends RuntimeException implements ProcessFailure {
    private static final long serialVersionUID = 1L;

    SpawnFailed(String message, Throwable cause) {
        super(message, cause);
    }
}
