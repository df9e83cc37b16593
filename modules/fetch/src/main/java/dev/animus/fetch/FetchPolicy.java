package dev.animus.fetch;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The bounds of one download (docs/security.md#downloads-and-archives).
 *
 * @param allowedHosts the hosts every hop may go to (lowercase; an HTTPS URL's host must be one of them)
 * @param deadline one deadline for the whole download, redirects and body included
 * @param maxRedirects redirects followed at most
 * @param maxBytes the cap on the (compressed) body; a declared {@code Content-Length} over it is
 *     refused before anything is read
 * @param maxInflatedBytes the cap on everything an archive inflates to
 */
public record FetchPolicy(
        Set<String> allowedHosts, Duration deadline, int maxRedirects, long maxBytes, long maxInflatedBytes) {

    /** GitHub's API, web and release-asset hosts. */
    public static final Set<String> GITHUB_HOSTS = Set.of(
            "api.github.com",
            "github.com",
            "objects.githubusercontent.com",
            "release-assets.githubusercontent.com",
            "codeload.github.com");

    public FetchPolicy {
        TreeSet<String> hosts = new TreeSet<>();
        for (String h : Objects.requireNonNull(allowedHosts, "allowedHosts")) {
            hosts.add(h.toLowerCase(Locale.ROOT));
        }
        allowedHosts = Set.copyOf(hosts);
        Objects.requireNonNull(deadline, "deadline");
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive: " + deadline);
        }
        if (maxRedirects < 0 || maxBytes <= 0 || maxInflatedBytes <= 0) {
            throw new IllegalArgumentException("redirect and byte limits must be positive");
        }
    }

    /**
     * The defaults of docs/security.md#downloads-and-archives for these hosts: 60 s, 3 redirects,
     * 64 MiB body, 256 MiB inflated.
     */
    public static FetchPolicy defaults(Set<String> allowedHosts) {
        return new FetchPolicy(allowedHosts, Duration.ofSeconds(60), 3, 64L << 20, 256L << 20);
    }

    /** The same bounds for other hosts. */
    public FetchPolicy withHosts(Set<String> hosts) {
        return new FetchPolicy(hosts, deadline, maxRedirects, maxBytes, maxInflatedBytes);
    }

    /** The same policy with another cap on the body (a small sidecar file of a release, say). */
    public FetchPolicy withMaxBytes(long bytes) {
        return new FetchPolicy(allowedHosts, deadline, maxRedirects, bytes, maxInflatedBytes);
    }

    /** Whether a hop may go to {@code host}. */
    public boolean allows(String host) {
        return host != null && allowedHosts.contains(host.toLowerCase(Locale.ROOT));
    }
}
