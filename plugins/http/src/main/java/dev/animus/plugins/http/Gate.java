package dev.animus.plugins.http;

import com.sun.net.httpserver.Headers;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The checks every request passes before it is served, in this order: its {@code Host} must name
 * this server by a loopback name ({@code 127.0.0.1:PORT}, {@code localhost:PORT}, {@code [::1]:PORT}),
 * so a page of another site cannot reach it through DNS rebinding; its {@code Origin}, when
 * present, must be {@code http://} and one of those, so no other page can post to it (CSRF); then
 * it must carry the web token: the cookie {@value #COOKIE}, {@code Authorization: Bearer <token>},
 * or, on a GET, the query {@code token=<token>}, which is answered with a redirect that sets the
 * cookie (the link {@code web open} opens). Tokens are compared in constant time. Immutable;
 * thread-safe.
 */
final class Gate {
    static final String COOKIE = "animus_token";

    private final byte[] token;
    private final Set<String> hosts;

    /** What to do with a request. */
    sealed interface Decision {
        /** Serve it. */
        record Allow() implements Decision {}

        /** 403: a foreign {@code Host} or {@code Origin}. */
        record Forbidden(String reason) implements Decision {}

        /** 401: no or a wrong token. */
        record Unauthorized() implements Decision {}

        /** 303 to {@code location} (the path without the token) with {@code Set-Cookie: setCookie}. */
        record Login(String location, String setCookie) implements Decision {}
    }

    /**
     * @param token the daemon's web token
     * @param port the port this server is bound to
     */
    Gate(String token, int port) {
        Objects.requireNonNull(token, "token");
        if (token.isBlank()) {
            throw new IllegalArgumentException("an empty web token");
        }
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.hosts = Set.of("127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port);
    }

    /** The decision for a request of {@code method} to {@code uri} with {@code headers}. */
    Decision check(String method, URI uri, Headers headers) {
        String host = headers.getFirst("Host");
        if (host == null || !hosts.contains(host.toLowerCase(Locale.ROOT))) {
            return new Decision.Forbidden("the Host header must name this server on loopback");
        }
        List<String> origins = headers.getOrDefault("Origin", List.of());
        for (String origin : origins) {
            String o = origin.toLowerCase(Locale.ROOT);
            if (!o.startsWith("http://") || !hosts.contains(o.substring("http://".length()))) {
                return new Decision.Forbidden("a request from another origin");
            }
        }
        if (method.equals("GET")) {
            Optional<String> query = queryToken(uri.getRawQuery());
            if (query.isPresent()) {
                if (!matches(query.get())) {
                    return new Decision.Unauthorized();
                }
                return new Decision.Login(
                        withoutToken(uri), COOKIE + "=" + query.get() + "; Path=/; HttpOnly; SameSite=Strict");
            }
        }
        if (bearer(headers).filter(this::matches).isPresent()
                || cookies(headers).stream().anyMatch(this::matches)) {
            return new Decision.Allow();
        }
        return new Decision.Unauthorized();
    }

    private boolean matches(String candidate) {
        return MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.UTF_8));
    }

    private static Optional<String> bearer(Headers headers) {
        String auth = headers.getFirst("Authorization");
        if (auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.empty();
        }
        return Optional.of(auth.substring(7).strip());
    }

    /** The values of every {@value #COOKIE} cookie of the request. */
    private static List<String> cookies(Headers headers) {
        List<String> found = new ArrayList<>();
        for (String header : headers.getOrDefault("Cookie", List.of())) {
            for (String pair : header.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).strip().equals(COOKIE)) {
                    found.add(pair.substring(eq + 1).strip());
                }
            }
        }
        return found;
    }

    private static Optional<String> queryToken(String rawQuery) {
        if (rawQuery == null) {
            return Optional.empty();
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.startsWith("token=")) {
                return Optional.of(URLDecoder.decode(pair.substring(6), StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    /** The path and query of {@code uri} without its {@code token} parameter. */
    static String withoutToken(URI uri) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (path.startsWith("//") || !path.startsWith("/")) {
            path = "/"; // never a Location of another host (//example.com)
        }
        if (uri.getRawQuery() == null) {
            return path;
        }
        List<String> kept = new ArrayList<>();
        for (String pair : uri.getRawQuery().split("&")) {
            if (!pair.startsWith("token=") && !pair.isEmpty()) {
                kept.add(pair);
            }
        }
        return kept.isEmpty() ? path : path + "?" + String.join("&", kept);
    }
}
