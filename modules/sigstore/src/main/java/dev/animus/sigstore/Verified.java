package dev.animus.sigstore;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A bundle that verified.
 *
 * @param identity the certificate's identity that matched the policy (keyless), else empty
 * @param issuer the certificate's OIDC issuer (keyless), else empty
 * @param signedAt the verified times of the signing (integrated times, RFC 3161 timestamps)
 * @param entries the transparency log entries that were checked
 */
public record Verified(
        Optional<String> identity, Optional<String> issuer, List<Instant> signedAt, List<LogEntry> entries) {
    public Verified {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(issuer, "issuer");
        signedAt = List.copyOf(signedAt);
        entries = List.copyOf(entries);
    }
}
