package dev.animus.core;

import java.time.Instant;
import java.util.Objects;

/**
 * The operator accepted one disclosure: {@code digest} is the {@link ConsentDigest} they were shown.
 * Grants are keyed by that digest and never rewritten; a changed disclosure simply matches none.
 */
public record ConsentGrant(String digest, Instant grantedAt) {
    public ConsentGrant {
        Digests.requireSha256(digest, "consent digest");
        Objects.requireNonNull(grantedAt, "grantedAt");
    }
}
