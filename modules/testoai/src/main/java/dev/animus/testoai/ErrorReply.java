package dev.animus.testoai;

import java.util.Objects;

/**
 * A non-2xx answer with an OpenAI error body:
 * {@code {"error":{"message":<message>,"type":"server_error","code":<status>}}}.
 *
 * @param status the HTTP status, 400 to 599
 * @param message the server's message
 */
public record ErrorReply(int status, String message) implements Reply {
    /** @throws IllegalArgumentException if {@code status} is not an error status */
    public ErrorReply {
        Objects.requireNonNull(message, "message");
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("not an error status: " + status);
        }
    }

    String body() {
        return "{\"error\":{\"message\":" + JsonText.quote(message) + ",\"type\":\"server_error\",\"code\":" + status
                + "}}";
    }
}
