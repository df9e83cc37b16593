package dev.animus.testoai;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One request {@link FakeChat} received.
 *
 * @param method the HTTP method, e.g. {@code POST}
 * @param path the request target as sent, e.g. {@code /v1/chat/completions}
 * @param headers the headers, names in lower case (the last value of a repeated header)
 * @param body the body, decoded as UTF-8 (for a chat request: the JSON the client sent)
 */
public record RecordedRequest(String method, String path, Map<String, String> headers, String body) {
    /** Copies {@code headers}. */
    public RecordedRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        headers = Map.copyOf(headers);
        Objects.requireNonNull(body, "body");
    }

    /** The value of header {@code name} (any case). */
    public Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }
}
