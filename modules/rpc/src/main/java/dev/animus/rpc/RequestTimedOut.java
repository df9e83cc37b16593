package dev.animus.rpc;

import java.time.Duration;
import java.util.Objects;

/**
 * A request got no response within its deadline. The host stopped waiting; if the peer advertised
 * cancellation it was sent {@code $/cancelRequest}. A response arriving later is dropped.
 *
 * <p>The deadline also covers writing the request: when it passed before the request reached
 * the peer's input ({@link #requestWritten()} false: the peer stopped reading), the connection
 * died with it, and the message says so.
 */
public final class RequestTimedOut extends RpcException {
    private static final long serialVersionUID = 1L;

    private final String method;
    private final Duration timeout;
    private final boolean requestWritten;

    /** A request that was written and got no answer in time. */
    public RequestTimedOut(String method, Duration timeout) {
        this(method, timeout, true);
    }

    /**
     * @param requestWritten whether the request had reached the peer's input when the deadline
     *     passed; false: the deadline passed while it was being written
     */
    public RequestTimedOut(String method, Duration timeout, boolean requestWritten) {
        super(Objects.requireNonNull(method, "method") + " timed out after "
                + Objects.requireNonNull(timeout, "timeout").toMillis() + " ms"
                + (requestWritten ? "" : " while its request was being written (the peer stopped reading)"));
        this.method = method;
        this.timeout = timeout;
        this.requestWritten = requestWritten;
    }

    /** Whether the request had been written when the deadline passed (false: the peer never took it whole). */
    public boolean requestWritten() {
        return requestWritten;
    }

    /** The method of the request that timed out. */
    public String method() {
        return method;
    }

    /** The deadline the request was given. */
    public Duration timeout() {
        return timeout;
    }
}
