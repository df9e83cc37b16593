package dev.animus.runtime;

import dev.animus.core.Digests;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;
import java.util.Optional;

/**
 * A direct download to install: an {@code https://} URL with a host, and the SHA-256 its bytes must
 * have (a direct download is installed only when the operator says which bytes they expect).
 */
public record UrlSource(URI uri, String sha256) {
    public UrlSource {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(sha256, "sha256");
    }

    /** Why a URL and digest the operator gave are no source; the front end words it. */
    public enum Problem {
        /** No digest was given with the URL. */
        NO_SHA256,
        /** The digest is not 64 lowercase hex digits. */
        SHA256_MALFORMED,
        /** The URL does not parse ({@link Refused#detail()} says why). */
        NOT_A_URL,
        /** The URL is not {@code https://} with a host. */
        NOT_HTTPS
    }

    /** The URL and digest given are refused, for {@link #problem()}; nothing was downloaded. */
    public static final class Refused extends RuntimeException implements UseCaseFailure {
        private static final long serialVersionUID = 1L;

        private final Problem problem;
        private final String detail;

        Refused(Problem problem, String detail) {
            super(problem + (detail.isEmpty() ? "" : ": " + detail));
            this.problem = problem;
            this.detail = detail;
        }

        /** What is wrong. */
        public Problem problem() {
            return problem;
        }

        /** The parser's reason, for {@link Problem#NOT_A_URL}; empty otherwise. */
        public String detail() {
            return detail;
        }
    }

    /**
     * The source {@code text} and {@code sha256} name, checked in this order: a digest is given, it
     * is a SHA-256, the URL parses, it is {@code https://} with a host.
     *
     * @throws Refused naming the first check that fails
     */
    public static UrlSource of(String text, Optional<String> sha256) {
        String digest = sha256.orElseThrow(() -> new Refused(Problem.NO_SHA256, ""));
        if (!Digests.isSha256(digest)) {
            throw new Refused(Problem.SHA256_MALFORMED, "");
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new Refused(Problem.NOT_A_URL, e.getReason());
        }
        if (!"https".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw new Refused(Problem.NOT_HTTPS, "");
        }
        return new UrlSource(uri, digest);
    }
}
