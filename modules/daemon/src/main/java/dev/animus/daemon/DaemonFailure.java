package dev.animus.daemon;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the daemon's files refuse, closed: one line for people ({@link #getMessage()}), what kind of
 * refusal it is ({@link #reason()}) and, when there is one, what to do ({@link #fix()}). The message
 * never carries a Java exception's text alone; it names the file or directory concerned.
 */
public final class DaemonFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The kinds of refusal; a front end maps them to exit codes with an exhaustive switch. */
    public enum Reason {
        /** The project root does not exist or is not a directory. */
        PROJECT_ROOT,
        /** The run directory is missing its parent, or has another owner or wider permissions. */
        RUN_DIRECTORY,
        /** The control socket's path is longer than a Unix socket address allows. */
        SOCKET_PATH_TOO_LONG,
        /** Another daemon holds the scope's lock. */
        ALREADY_RUNNING,
        /** A file of the daemon could not be read, written or removed. */
        FILES,
        /** A value cannot be written into a systemd unit (a line break in a path). */
        UNIT,
        /** No daemon runs for the project, and the command needs one. */
        NOT_RUNNING,
        /** The daemon cannot be reached on its socket, or went away during the command. */
        UNREACHABLE,
        /** The daemon refused a request with an error the front end has no own form for. */
        REFUSED,
        /** A daemon being started died, or did not answer in time. */
        START_FAILED
    }

    private final Reason reason;
    private final String fix;
    private final long pid;

    DaemonFailure(Reason reason, String message, String fix) {
        this(reason, message, fix, null);
    }

    DaemonFailure(Reason reason, String message, String fix, Throwable cause) {
        this(reason, message, fix, cause, -1);
    }

    private DaemonFailure(Reason reason, String message, String fix, Throwable cause, long pid) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.fix = fix;
        this.pid = pid;
    }

    /** {@link Reason#ALREADY_RUNNING}: the running daemon's pid, when its files name it. */
    static DaemonFailure alreadyRunning(String message, String fix, long pid) {
        return new DaemonFailure(Reason.ALREADY_RUNNING, message, fix, null, pid);
    }

    /** What kind of refusal this is. */
    public Reason reason() {
        return reason;
    }

    /** The pid of the daemon that already runs ({@link Reason#ALREADY_RUNNING}), when known. */
    public OptionalLong runningPid() {
        return pid > 0 ? OptionalLong.of(pid) : OptionalLong.empty();
    }

    /** What to do about it, as a sentence for people; empty when nothing the operator does helps. */
    public Optional<String> fix() {
        return Optional.ofNullable(fix);
    }
}
