package dev.animus.core;

/** JSON-RPC error codes of the Animus protocol (docs/protocol.md#error-codes). */
public final class ErrorCodes {
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    public static final int NOT_INITIALIZED = -32000;
    public static final int METHOD_NOT_SUPPORTED = -32001;
    public static final int REQUEST_CANCELLED = -32002;
    public static final int TIMEOUT = -32003;

    private ErrorCodes() {}

    /** A short name for a well-known code, or {@code "error"}. */
    public static String nameOf(int code) {
        return switch (code) {
            case PARSE_ERROR -> "parse error";
            case INVALID_REQUEST -> "invalid request";
            case METHOD_NOT_FOUND -> "method not found";
            case INVALID_PARAMS -> "invalid params";
            case INTERNAL_ERROR -> "internal error";
            case NOT_INITIALIZED -> "not initialized";
            case METHOD_NOT_SUPPORTED -> "method not supported";
            case REQUEST_CANCELLED -> "request cancelled";
            case TIMEOUT -> "timeout";
            default -> "error";
        };
    }
}
