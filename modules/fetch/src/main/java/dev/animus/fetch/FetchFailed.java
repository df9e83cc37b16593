package dev.animus.fetch;

import dev.animus.core.DurationText;
import dev.animus.core.OneLine;
import dev.animus.core.Redaction;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * Why a download was refused or did not complete. {@link #reason()} is typed; the message is one line
 * that names the URL (scheme, host, port and path: never user info or query, where signed URLs keep
 * their secrets) and says what to do.
 */
public final class FetchFailed extends RuntimeException implements FetchFailure {
    private static final long serialVersionUID = 1L;

    /** The kinds of failure. */
    public enum Reason {
        /** The URL, or a redirect's target, is not {@code https://}. */
        NOT_HTTPS,
        /** The URL's host, or a redirect target's host, is not allowed by the policy. */
        HOST_NOT_ALLOWED,
        /** More redirects than the policy allows. */
        TOO_MANY_REDIRECTS,
        /** The body is (or declares to be) over the policy's byte cap. */
        TOO_LARGE,
        /** The policy's one deadline passed: redirects, headers and body together. */
        DEADLINE,
        /** The final answer was not a success (nor a redirect that could be followed). */
        HTTP_STATUS,
        /** The connection or the TLS handshake failed, or the body was cut short. */
        NETWORK
    }

    private final Reason reason;
    private final int status;

    private FetchFailed(Reason reason, int status, String message, Throwable cause) {
        super(OneLine.of(message), cause);
        this.reason = reason;
        this.status = status;
    }

    private FetchFailed(Reason reason, String message) {
        this(reason, -1, message, null);
    }

    /** What went wrong. */
    public Reason reason() {
        return reason;
    }

    /** The HTTP status code, for {@link Reason#HTTP_STATUS}; empty for every other reason. */
    public OptionalInt status() {
        return status < 0 ? OptionalInt.empty() : OptionalInt.of(status);
    }

    static FetchFailed notHttps(URI uri) {
        return new FetchFailed(
                Reason.NOT_HTTPS,
                "refused " + Shown.url(uri)
                        + ": only https:// downloads are allowed; use the artifact's https:// address");
    }

    static FetchFailed redirectNotHttps(URI from, URI to) {
        return new FetchFailed(
                Reason.NOT_HTTPS,
                Shown.url(from) + " redirected to " + Shown.url(to)
                        + ", which is not https://; not followed: only https:// downloads are allowed");
    }

    static FetchFailed hostNotAllowed(URI uri, Set<String> allowed) {
        return new FetchFailed(
                Reason.HOST_NOT_ALLOWED,
                "refused " + Shown.url(uri) + ": host " + host(uri)
                        + " is not allowed for this download (allowed: " + String.join(", ", sorted(allowed))
                        + "); use a URL on an allowed host");
    }

    static FetchFailed redirectHostNotAllowed(URI from, URI to, Set<String> allowed) {
        return new FetchFailed(
                Reason.HOST_NOT_ALLOWED,
                Shown.url(from) + " redirected to " + Shown.url(to)
                        + "; not followed: host " + host(to) + " is not allowed for this download (allowed: "
                        + String.join(", ", sorted(allowed)) + ")");
    }

    static FetchFailed tooManyRedirects(URI start, int maxRedirects) {
        return new FetchFailed(
                Reason.TOO_MANY_REDIRECTS,
                Shown.url(start) + " redirected more than " + maxRedirects
                        + " times; check the URL (a redirect loop?) or use the final download URL");
    }

    static FetchFailed declaredTooLarge(URI uri, long declared, long cap) {
        return new FetchFailed(
                Reason.TOO_LARGE,
                "refused " + Shown.url(uri) + ": it declares "
                        + Shown.bytes(declared) + ", over the cap of " + Shown.bytes(cap)
                        + "; check that the URL names the intended artifact");
    }

    static FetchFailed cutAtCap(URI uri, long cap) {
        return new FetchFailed(
                Reason.TOO_LARGE,
                "stopped " + Shown.url(uri) + " at the cap of " + Shown.bytes(cap)
                        + ": the body is larger; check that the URL names the intended artifact");
    }

    static FetchFailed deadline(URI uri, Duration deadline) {
        return new FetchFailed(
                Reason.DEADLINE,
                Shown.url(uri) + " did not finish within " + DurationText.format(deadline)
                        + "; check the network and try again");
    }

    static FetchFailed httpStatus(URI uri, int status) {
        return new FetchFailed(
                Reason.HTTP_STATUS,
                status,
                Shown.url(uri) + " answered HTTP " + status + "; check the URL and that the artifact is published",
                null);
    }

    static FetchFailed badRedirect(URI uri, int status, String problem) {
        return new FetchFailed(
                Reason.HTTP_STATUS,
                status,
                Shown.url(uri) + " answered HTTP " + status + " with " + problem + "; check the URL",
                null);
    }

    static FetchFailed network(URI uri, Throwable cause) {
        return new FetchFailed(
                Reason.NETWORK,
                -1,
                "could not download " + Shown.url(uri) + ": " + describe(cause)
                        + "; check the network, any proxy, and the trusted certificates (ANIMUS_CA_CERTS)",
                cause);
    }

    static FetchFailed truncated(URI uri, long received, long declared) {
        return new FetchFailed(
                Reason.NETWORK,
                "the body of " + Shown.url(uri) + " ended after " + Shown.bytes(received) + " of the "
                        + Shown.bytes(declared) + " it declared; try again");
    }

    static FetchFailed interrupted(URI uri) {
        return new FetchFailed(Reason.NETWORK, "the download of " + Shown.url(uri) + " was interrupted");
    }

    private static String host(URI uri) {
        return Objects.requireNonNullElse(uri.getHost(), "(none)");
    }

    private static Set<String> sorted(Set<String> hosts) {
        return new TreeSet<>(hosts);
    }

    private static String describe(Throwable cause) {
        return Redaction.redact(NetworkCause.describe(cause));
    }
}
