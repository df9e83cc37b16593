package dev.animus.fetch;

import dev.animus.core.Digests;
import java.net.URI;
import java.util.Objects;

/**
 * A completed download.
 *
 * @param finalUri the URI the body came from, after redirects
 * @param bytes the number of bytes written
 * @param sha256 the SHA-256 of those bytes, 64 lowercase hex digits
 */
public record Downloaded(URI finalUri, long bytes, String sha256) {
    public Downloaded {
        Objects.requireNonNull(finalUri, "finalUri");
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative: " + bytes);
        }
        Digests.requireSha256(sha256, "sha256");
    }
}
