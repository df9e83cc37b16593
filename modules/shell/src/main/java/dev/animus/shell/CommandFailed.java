package dev.animus.shell;

/** A command failed in a way the user should read: one line, and the exit code to end with. */
final class CommandFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    CommandFailed(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
