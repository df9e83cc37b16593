package dev.animus.rpc;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The handler table of a connection's server role: method name → {@link RequestHandler}. A
 * request for a method not in the table is answered {@code -32601 method not found}; an empty
 * table (the client role, a plugin connection) answers every peer request that way.
 *
 * @param handlers the table, copied
 * @param maxInFlight at most this many of the peer's requests are handled at once; the reader waits
 *     for a free slot beyond that (back-pressure on the peer, never an unbounded queue)
 */
public record Handlers(Map<String, RequestHandler> handlers, int maxInFlight) {

    /** The default bound of requests handled at once per connection. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 256;

    public Handlers {
        handlers = Map.copyOf(Objects.requireNonNull(handlers, "handlers"));
        if (maxInFlight <= 0) {
            throw new IllegalArgumentException("maxInFlight must be positive: " + maxInFlight);
        }
    }

    /** No handlers: every peer request is answered -32601. */
    public static Handlers none() {
        return new Handlers(Map.of(), 1);
    }

    /** A builder of a table. */
    public static Builder builder() {
        return new Builder();
    }

    /** The methods this table answers. */
    public Set<String> methods() {
        return handlers.keySet();
    }

    /** Builds a {@link Handlers}; not thread-safe. */
    public static final class Builder {
        private final Map<String, RequestHandler> table = new LinkedHashMap<>();
        private int maxInFlight = DEFAULT_MAX_IN_FLIGHT;

        private Builder() {}

        /**
         * Answers {@code method} with {@code handler}.
         *
         * @throws IllegalArgumentException when {@code method} already has a handler
         */
        public Builder on(String method, RequestHandler handler) {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(handler, "handler");
            if (table.putIfAbsent(method, handler) != null) {
                throw new IllegalArgumentException("two handlers for " + method);
            }
            return this;
        }

        /** Sets the bound of requests handled at once (default {@value #DEFAULT_MAX_IN_FLIGHT}). */
        public Builder maxInFlight(int max) {
            this.maxInFlight = max;
            return this;
        }

        public Handlers build() {
            return new Handlers(table, maxInFlight);
        }
    }
}
