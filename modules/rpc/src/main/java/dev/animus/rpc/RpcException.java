package dev.animus.rpc;

/**
 * Why a call on an {@link RpcConnection} did not produce a result. The cases are closed: the peer
 * answered with an error ({@link RemoteError}), the connection died ({@link ConnectionLost}), the
 * deadline passed ({@link RequestTimedOut}) or the caller gave up ({@link RequestCancelled}).
 * Callers branch on the subtype with an exhaustive {@code switch}.
 */
public abstract sealed class RpcException extends RuntimeException
        permits RemoteError, ConnectionLost, RequestTimedOut, RequestCancelled {
    private static final long serialVersionUID = 1L;

    RpcException(String message) {
        super(message);
    }

    RpcException(String message, Throwable cause) {
        super(message, cause);
    }
}
