package dev.animus.rpc;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The connection is dead: the peer closed its output, a read or write failed, a write did not
 * complete in time, or the host closed or failed the connection. Every call pending at that moment
 * completes with the same instance.
 *
 * <p>The process layer fills in the child's exit code and the tail of its stderr, so that the
 * message a user sees says why the plugin went away:
 * {@code "<reason> (exit code N); last stderr: <last line>"}.
 */
public final class ConnectionLost extends RpcException {
    private static final long serialVersionUID = 1L;

    private final String reason;
    private final boolean hasExitCode;
    private final int exitCode;
    private final transient List<String> stderrTail;

    /**
     * @param reason what happened, in a few words ("plugin-x closed its stdout")
     * @param exitCode the peer process's exit code when known
     * @param stderrTail the last lines the peer wrote to stderr, oldest first; may be empty
     */
    public ConnectionLost(String reason, OptionalInt exitCode, List<String> stderrTail) {
        super(describe(reason, exitCode, stderrTail));
        this.reason = reason;
        this.hasExitCode = exitCode.isPresent();
        this.exitCode = exitCode.orElse(0);
        this.stderrTail = List.copyOf(stderrTail);
    }

    /** A cause with neither exit code nor stderr, e.g. {@code "connection closed"}. */
    public ConnectionLost(String reason) {
        this(reason, OptionalInt.empty(), List.of());
    }

    /** A cause raised by an I/O failure, which is kept as the exception's cause. */
    ConnectionLost(String reason, Throwable cause) {
        super(describe(reason, OptionalInt.empty(), List.of()), cause);
        this.reason = reason;
        this.hasExitCode = false;
        this.exitCode = 0;
        this.stderrTail = List.of();
    }

    /** What happened, without the exit code and stderr decoration of {@link #getMessage()}. */
    public String reason() {
        return reason;
    }

    /** The peer process's exit code, when the process layer knew it. */
    public OptionalInt exitCode() {
        return hasExitCode ? OptionalInt.of(exitCode) : OptionalInt.empty();
    }

    /** The last lines of the peer's stderr, oldest first; empty when unknown. */
    public List<String> stderrTail() {
        return stderrTail == null ? List.of() : stderrTail;
    }

    private static String describe(String reason, OptionalInt exitCode, List<String> stderrTail) {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(stderrTail, "stderrTail");
        StringBuilder text = new StringBuilder(reason);
        exitCode.ifPresent(code -> text.append(" (exit code ").append(code).append(')'));
        if (!stderrTail.isEmpty()) {
            text.append("; last stderr: ").append(stderrTail.getLast());
        }
        return text.toString();
    }
}
