package dev.animus.sdk.control;

import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A control call that failed: the daemon's JSON-RPC error as sent (its {@code code}, message and
 * {@code data}, whose {@code category} clients branch on, docs/daemon.md#errors), or
 * {@value #UNAVAILABLE} when the daemon could not be reached, went away or did not answer in time.
 */
public final class ControlException extends RuntimeException {
    /** The category of a failure of the connection itself (no answer, EOF, timeout). */
    public static final String UNAVAILABLE = "unavailable";

    private static final long serialVersionUID = 1L;

    private final int code;
    private final transient JsonNode data;

    public ControlException(int code, String message, JsonNode data) {
        super(Objects.requireNonNull(message, "message"));
        this.code = code;
        this.data = data == null ? JsonNodeFactory.instance.nullNode() : data;
    }

    /** A failure of the connection: code -32603, category {@value #UNAVAILABLE}. */
    static ControlException unavailable(String message) {
        return new ControlException(
                -32603, message, JsonNodeFactory.instance.objectNode().put("category", UNAVAILABLE));
    }

    /** The JSON-RPC error code. */
    public int code() {
        return code;
    }

    /** The error's {@code data} (a null node when it had none). */
    public JsonNode data() {
        return data;
    }

    /** {@code data.category} (e.g. {@code not_found}), or {@code "internal"} when the daemon sent none. */
    public String category() {
        return data.path("category").asString("internal");
    }
}
