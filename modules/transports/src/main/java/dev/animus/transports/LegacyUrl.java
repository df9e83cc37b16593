package dev.animus.transports;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The URL of a legacy transport, one that bound during {@code initialize}, read from its
 * {@code initialize} answer (docs/protocol.md#transports): the first usable of {@code url},
 * {@code transport.url}, and {@code transport.{scheme, host, port}} (scheme {@code http} when
 * absent). Usable means an absolute {@code http} or {@code https} URI with a host; a field that is
 * absent, not a string or not such a URI is passed over. Pure; never throws on any JSON.
 */
public final class LegacyUrl {
    private static final int MAX_PORT = 65_535;

    private LegacyUrl() {}

    /** The URL {@code initializeAnswer} names, if it names a usable one. */
    public static Optional<URI> of(JsonNode initializeAnswer) {
        if (initializeAnswer == null || !initializeAnswer.isObject()) {
            return Optional.empty();
        }
        Optional<URI> top = text(initializeAnswer.get("url")).flatMap(LegacyUrl::httpUri);
        if (top.isPresent()) {
            return top;
        }
        JsonNode transport = initializeAnswer.get("transport");
        if (transport == null || !transport.isObject()) {
            return Optional.empty();
        }
        return text(transport.get("url")).flatMap(LegacyUrl::httpUri).or(() -> parts(transport));
    }

    /** {@code s} as an absolute http(s) URI with a host; empty when it is not one. */
    static Optional<URI> httpUri(String s) {
        try {
            URI u = new URI(s);
            String scheme = u.getScheme();
            if (!u.isAbsolute()
                    || u.isOpaque()
                    || u.getHost() == null
                    || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
                return Optional.empty();
            }
            return Optional.of(u);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static Optional<URI> parts(JsonNode transport) {
        JsonNode schemeNode = transport.get("scheme");
        String scheme;
        if (schemeNode == null || schemeNode.isNull()) {
            scheme = "http";
        } else if (schemeNode.isString()) {
            scheme = schemeNode.asString().toLowerCase(Locale.ROOT);
        } else {
            return Optional.empty();
        }
        Optional<String> host = text(transport.get("host")).filter(LegacyUrl::plainHost);
        Optional<Integer> port = port(transport.get("port"));
        if (host.isEmpty() || port.isEmpty() || !(scheme.equals("http") || scheme.equals("https"))) {
            return Optional.empty();
        }
        String h = host.get();
        String literal = h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h;
        return httpUri(scheme + "://" + literal + ":" + port.get() + "/");
    }

    /** A host name or address, nothing more (no user info, path, port or space smuggled in). */
    private static boolean plainHost(String h) {
        return !h.isEmpty() && h.chars().noneMatch(c -> c <= ' ' || "/?#@%\\".indexOf(c) >= 0);
    }

    private static Optional<Integer> port(JsonNode n) {
        if (n == null) {
            return Optional.empty();
        }
        long p;
        if (n.isIntegralNumber() && n.canConvertToLong()) {
            p = n.asLong();
        } else if (n.isString() && n.asString().matches("[0-9]{1,5}")) {
            p = Long.parseLong(n.asString());
        } else {
            return Optional.empty();
        }
        return p >= 1 && p <= MAX_PORT ? Optional.of((int) p) : Optional.empty();
    }

    private static Optional<String> text(JsonNode n) {
        return n != null && n.isString() ? Optional.of(n.asString()) : Optional.empty();
    }
}
