package dev.animus.shell;

import dev.animus.core.Redaction;

/**
 * A command failed in a way the user should read: one line, and the exit code to end with. The
 * message never holds a secret this process handed to a plugin (a plugin may echo it in an error):
 * such values are masked here, once, for every place the message goes (the error line, a stack
 * trace at debug level).
 */
public final class CommandFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public CommandFailed(int exitCode, String message) {
        super(Redaction.maskKnown(message));
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
