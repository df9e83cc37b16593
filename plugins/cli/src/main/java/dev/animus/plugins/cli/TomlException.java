package dev.animus.plugins.cli;

/** A document {@link Toml} cannot read: the line (1-based) and what is wrong there. */
final class TomlException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final int line;

    TomlException(int line, String message) {
        super("line " + line + ": " + message);
        this.line = line;
    }

    /** The 1-based line of the problem. */
    int line() {
        return line;
    }
}
