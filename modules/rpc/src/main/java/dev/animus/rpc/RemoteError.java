package dev.animus.rpc;

import dev.animus.core.ErrorCodes;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * The peer answered a request with a JSON-RPC {@code error} object (docs/protocol.md#messages,
 * docs/protocol.md#error-codes).
 *
 * <p>{@link #code()} and {@link #data()} are what callers branch on ({@code data.category} when the
 * kind defines one); {@link #message()} is the peer's text, for humans only.
 */
public final class RemoteError extends RpcException {
    private static final long serialVersionUID = 1L;

    private final int code;
    private final String remoteMessage;
    private final transient JsonNode data;
    private final String method;

    /**
     * @param code the JSON-RPC error code
     * @param message the peer's message, verbatim
     * @param data the {@code error.data} value, or {@link MissingNode} when absent
     * @param method the method of the request that failed
     */
    public RemoteError(int code, String message, JsonNode data, String method) {
        super(method + " failed: " + message + " (" + ErrorCodes.nameOf(code) + ", code " + code + ")");
        this.code = code;
        this.remoteMessage = Objects.requireNonNull(message, "message");
        this.data = Objects.requireNonNull(data, "data");
        this.method = Objects.requireNonNull(method, "method");
    }

    /** The JSON-RPC error code, e.g. {@link ErrorCodes#METHOD_NOT_FOUND}. */
    public int code() {
        return code;
    }

    /** The peer's own message text. */
    public String message() {
        return remoteMessage;
    }

    /** {@code error.data}, or a {@link MissingNode} when the peer sent none. */
    public JsonNode data() {
        return data == null ? MissingNode.getInstance() : data;
    }

    /** The method of the request the peer rejected. */
    public String method() {
        return method;
    }
}
