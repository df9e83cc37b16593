package dev.animus.shell;

/** Exit codes of the {@code animus} command (docs/cli.md#exit-codes). */
final class ExitCodes {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int VERIFICATION_FAILED = 3;
    static final int TIMEOUT = 124;
    static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
