package dev.animus.transports;

import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A transport's answer to {@code transport/start} or {@code transport/info}, read
 * (docs/protocol.md#transports): {@code {bound_addr: "host:port", url?: "http(s)://…",
 * started_at: "<ISO-8601>"}}. Pure.
 */
sealed interface TransportAnswer {
    /** A usable answer; {@code startedAt} is empty when it did not say (the caller decides). */
    record Valid(String boundAddr, Optional<URI> url, Optional<Instant> startedAt) implements TransportAnswer {
        public Valid {
            Objects.requireNonNull(boundAddr, "boundAddr");
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(startedAt, "startedAt");
        }
    }

    /** An unusable one: what is wrong, naming the field. */
    record Invalid(String reason) implements TransportAnswer {
        public Invalid {
            Objects.requireNonNull(reason, "reason");
        }
    }

    static TransportAnswer read(JsonNode answer) {
        if (answer == null || !answer.isObject()) {
            return new Invalid("the answer is not an object");
        }
        JsonNode bound = answer.get("bound_addr");
        if (bound == null || !bound.isString() || !address(bound.asString())) {
            return new Invalid("bound_addr is missing or not host:port");
        }
        JsonNode url = answer.get("url");
        Optional<URI> uri = Optional.empty();
        if (url != null && !url.isNull()) {
            uri = url.isString() ? LegacyUrl.httpUri(url.asString()) : Optional.empty();
            if (uri.isEmpty()) {
                return new Invalid("url is not an absolute http(s) URL");
            }
        }
        JsonNode started = answer.get("started_at");
        Optional<Instant> at = Optional.empty();
        if (started != null && !started.isNull()) {
            at = started.isString() ? instant(started.asString()) : Optional.empty();
            if (at.isEmpty()) {
                return new Invalid("started_at is not an ISO-8601 timestamp");
            }
        }
        return new Valid(bound.asString(), uri, at);
    }

    /** {@code host:port} with a port of 1 to 65535 ({@code [v6]:port} for an IPv6 host). */
    private static boolean address(String s) {
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || !s.substring(colon + 1).matches("[0-9]{1,5}")) {
            return false;
        }
        int port = Integer.parseInt(s.substring(colon + 1));
        String host = s.substring(0, colon);
        boolean v6 = host.startsWith("[") && host.endsWith("]") && host.length() > 2;
        return port >= 1
                && port <= 65_535
                && (v6 || (!host.contains(":") && host.chars().noneMatch(c -> c <= ' ' || c == '/')));
    }

    private static Optional<Instant> instant(String s) {
        try {
            return Optional.of(OffsetDateTime.parse(s).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
