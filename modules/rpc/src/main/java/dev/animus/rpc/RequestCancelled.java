package dev.animus.rpc;

import java.util.Objects;

/**
 * The caller cancelled a request (or was interrupted while awaiting it) before its response
 * arrived. A response arriving later is dropped.
 */
public final class RequestCancelled extends RpcException {
    private static final long serialVersionUID = 1L;

    private final String method;

    public RequestCancelled(String method) {
        super(Objects.requireNonNull(method, "method") + " was cancelled");
        this.method = method;
    }

    /** The method of the cancelled request. */
    public String method() {
        return method;
    }
}
