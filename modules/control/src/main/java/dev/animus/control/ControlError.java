package dev.animus.control;

import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A control method failed: thrown by a handler on the daemon's side (and sent as a JSON-RPC error
 * with {@code data = {category, message, fix?, ...detail}}), and thrown by {@link ControlClient}
 * when the daemon answered with one.
 *
 * <p>{@code detail} carries what a client needs to show the failure exactly as the in-process use
 * case would (e.g. the host's typed failure in its wire form, {@link RecordJson}); it is an object
 * whose keys never clash with {@code category}, {@code message} and {@code fix}.
 */
public final class ControlError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCategory category;
    private final String fix;
    private final transient ObjectNode detail;

    public ControlError(ErrorCategory category, String message) {
        this(category, message, Optional.empty(), JsonNodeFactory.instance.objectNode());
    }

    public ControlError(ErrorCategory category, String message, Optional<String> fix, ObjectNode detail) {
        super(Objects.requireNonNull(message, "message"));
        this.category = Objects.requireNonNull(category, "category");
        this.fix = Objects.requireNonNull(fix, "fix").orElse(null);
        this.detail = Objects.requireNonNull(detail, "detail").deepCopy();
        this.detail.remove("category");
    }

    /** The category. */
    public ErrorCategory category() {
        return category;
    }

    /** The command or step that fixes it, when there is one. */
    public Optional<String> fix() {
        return Optional.ofNullable(fix);
    }

    /** The extra detail (a copy). */
    public ObjectNode detail() {
        return detail.deepCopy();
    }

    /** The {@code error.data} this error is sent with. */
    ObjectNode data() {
        ObjectNode data = detail.deepCopy();
        data.put("category", category.word());
        data.put("message", getMessage());
        if (fix != null) {
            data.put("fix", fix);
        }
        return data;
    }

    /** The error a daemon's {@code error} object stands for; an uncategorised one is {@code internal}. */
    public static ControlError fromWire(int code, String message, JsonNode data) {
        ErrorCategory category = ErrorCategory.of(data.path("category").asString(""))
                .orElse(code == -32601 ? ErrorCategory.NOT_SUPPORTED : ErrorCategory.INTERNAL);
        String text = data.path("message").isString() ? data.path("message").stringValue() : message;
        Optional<String> fix =
                data.path("fix").isString() ? Optional.of(data.path("fix").stringValue()) : Optional.empty();
        ObjectNode detail = data.isObject() ? ((ObjectNode) data).deepCopy() : JsonNodeFactory.instance.objectNode();
        detail.remove("category");
        detail.remove("message");
        detail.remove("fix");
        return new ControlError(category, text, fix, detail);
    }
}
