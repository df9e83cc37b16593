package dev.animus.control;

import java.util.Arrays;
import java.util.Optional;

/**
 * What kind of failure a control method reports (docs/daemon.md#errors): the {@code category} of
 * the JSON-RPC error's {@code data}, and the JSON-RPC code it travels with. Clients branch on the
 * category, never on the message.
 */
public enum ErrorCategory {
    NOT_FOUND("not_found", -32602),
    INVALID_REQUEST("invalid_request", -32602),
    PERMISSION_DENIED("permission_denied", -32600),
    CONFLICT("conflict", -32600),
    UNAVAILABLE("unavailable", -32603),
    INTERNAL("internal", -32603),
    NOT_SUPPORTED("not_supported", -32001);

    private final String word;
    private final int code;

    ErrorCategory(String word, int code) {
        this.word = word;
        this.code = code;
    }

    /** The wire name, e.g. {@code not_found}. */
    public String word() {
        return word;
    }

    /** The JSON-RPC error code it is sent with. */
    public int code() {
        return code;
    }

    /** The category named {@code word}, if it is one. */
    public static Optional<ErrorCategory> of(String word) {
        return Arrays.stream(values()).filter(c -> c.word.equals(word)).findFirst();
    }
}
