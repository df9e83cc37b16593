package dev.animus.shell;

/** Exit codes of the {@code animus} command (docs/cli.md#exit-codes). */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int VERIFICATION_FAILED = 3;
    public static final int TIMEOUT = 124;
    public static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
