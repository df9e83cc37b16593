package dev.animus.rpc;

import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * A notification the peer sent (a message with a {@code method} and no {@code id}).
 *
 * @param method the notification method, e.g. {@code "$/progress"}
 * @param params the {@code params} value, or {@link MissingNode} when absent
 */
public record Notification(String method, JsonNode params) {
    public Notification {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
    }

    /** A notification without params. */
    public Notification(String method) {
        this(method, MissingNode.getInstance());
    }
}
