package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import java.time.Duration;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** Reading a control request's params: a missing or mistyped field is an {@code invalid_request}. */
final class Params {
    private Params() {}

    static String text(JsonNode params, String field) {
        JsonNode v = params.path(field);
        if (!v.isString() || v.stringValue().isEmpty()) {
            throw new ControlError(ErrorCategory.INVALID_REQUEST, "params." + field + " must be a non-empty string");
        }
        return v.stringValue();
    }

    static Optional<String> optionalText(JsonNode params, String field) {
        JsonNode v = params.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return Optional.empty();
        }
        return Optional.of(text(params, field));
    }

    static Optional<Duration> millis(JsonNode params, String field) {
        JsonNode v = params.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isIntegralNumber() || v.longValue() <= 0) {
            throw new ControlError(
                    ErrorCategory.INVALID_REQUEST, "params." + field + " must be a positive number of milliseconds");
        }
        return Optional.of(Duration.ofMillis(v.longValue()));
    }

    static boolean flag(JsonNode params, String field) {
        JsonNode v = params.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new ControlError(ErrorCategory.INVALID_REQUEST, "params." + field + " must be true or false");
        }
        return v.booleanValue();
    }

    static JsonNode container(JsonNode params, String field) {
        JsonNode v = params.path(field);
        if (v.isMissingNode() || v.isNull()) {
            return tools.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        }
        if (!v.isContainer()) {
            throw new ControlError(ErrorCategory.INVALID_REQUEST, "params." + field + " must be an object or array");
        }
        return v;
    }
}
