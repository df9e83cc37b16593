package dev.animus.testoai;

import java.util.Map;
import java.util.Objects;

/**
 * Any answer, sent with a {@code Content-Length}: a redirect ({@code Location}), an error body in
 * another shape, a body that is not an event stream.
 *
 * @param status the HTTP status, 100 to 599
 * @param headers extra response headers (not {@code Content-Length} or {@code Connection})
 * @param body the body, sent as UTF-8
 */
public record RawReply(int status, Map<String, String> headers, String body) implements Reply {
    /** @throws IllegalArgumentException if {@code status} is not an HTTP status */
    public RawReply {
        headers = Map.copyOf(headers);
        Objects.requireNonNull(body, "body");
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("not an HTTP status: " + status);
        }
    }

    /** A redirect with status {@code status} to {@code location}. */
    public static RawReply redirect(int status, String location) {
        return new RawReply(status, Map.of("Location", location), "");
    }
}
