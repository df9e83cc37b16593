package dev.animus.rpc;

import java.time.Duration;
import java.util.Objects;

/**
 * A request got no response within its deadline. The host stopped waiting; if the peer advertised
 * cancellation it was sent {@code $/cancelRequest}. A response arriving later is dropped.
 */
public final class RequestTimedOut extends RpcException {
    private static final long serialVersionUID = 1L;

    private final String method;
    private final Duration timeout;

    public RequestTimedOut(String method, Duration timeout) {
        super(Objects.requireNonNull(method, "method") + " timed out after "
                + Objects.requireNonNull(timeout, "timeout").toMillis() + " ms");
        this.method = method;
        this.timeout = timeout;
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
