package dev.animus.sdk;

import dev.animus.core.ErrorCodes;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC error a handler throws to answer its request with that exact error. Any other
 * exception a handler throws is answered with {@code -32603} (internal error).
 *
 * <p>Kinds may define application codes of {@code -32100} and below; {@code data} may carry
 * {@code {"category": ...}}, which callers branch on instead of the message text.
 */
public final class PluginError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Invalid request: not a JSON-RPC request, or an id already in flight. */
    public static final int INVALID_REQUEST = ErrorCodes.INVALID_REQUEST;
    /** Method not found. */
    public static final int METHOD_NOT_FOUND = ErrorCodes.METHOD_NOT_FOUND;
    /** Invalid params (also: the host's protocol major differs from the plugin's). */
    public static final int INVALID_PARAMS = ErrorCodes.INVALID_PARAMS;
    /** Internal error: the handler failed. */
    public static final int INTERNAL_ERROR = ErrorCodes.INTERNAL_ERROR;
    /** Not initialized: a domain request before {@code initialized}. */
    public static final int NOT_INITIALIZED = ErrorCodes.NOT_INITIALIZED;
    /** Method not supported: an optional method the caller may fall back from. */
    public static final int METHOD_NOT_SUPPORTED = ErrorCodes.METHOD_NOT_SUPPORTED;
    /** Request cancelled by {@code $/cancelRequest}. */
    public static final int REQUEST_CANCELLED = ErrorCodes.REQUEST_CANCELLED;
    /** Timeout: the work took longer than it was allowed. */
    public static final int TIMEOUT = ErrorCodes.TIMEOUT;

    private final int code;
    private final transient JsonNode data;

    /** An error without {@code data}. */
    public PluginError(int code, String message) {
        this(code, message, null);
    }

    /**
     * An error with {@code data}; a {@code null} data means none.
     *
     * @throws NullPointerException if {@code message} is null
     */
    public PluginError(int code, String message, JsonNode data) {
        super(Objects.requireNonNull(message, "message"));
        this.code = code;
        this.data = data;
    }

    /** {@code -32602} with {@code message}: the caller sent params the method cannot use. */
    public static PluginError invalidParams(String message) {
        return new PluginError(INVALID_PARAMS, message);
    }

    /** The JSON-RPC error code. */
    public int code() {
        return code;
    }

    /** The error message, never null. */
    public String message() {
        return getMessage();
    }

    /** The {@code error.data} value, if any. */
    public Optional<JsonNode> data() {
        return Optional.ofNullable(data);
    }
}
