package dev.animus.runtime;

import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * What a verified Sigstore bundle says.
 *
 * @param identity the signing certificate's identity, when a certificate signed
 * @param issuer its OIDC issuer
 * @param signedAt the verified times of signing
 * @param entries the transparency-log entries, in the bundle's order
 */
public record BundleVerified(
        Optional<String> identity, Optional<String> issuer, List<Instant> signedAt, List<Entry> entries) {
    /** Copies the lists. */
    public BundleVerified {
        signedAt = List.copyOf(signedAt);
        entries = List.copyOf(entries);
    }

    /** The earliest verified time of signing. */
    public Optional<Instant> earliest() {
        return signedAt.stream().min(Instant::compareTo);
    }

    /**
     * One transparency-log entry.
     *
     * @param logUrl the base URL the trusted root gives its log, if it gives one
     * @param logId the log's id
     * @param logIndex the entry's index in the log
     * @param kind the entry's kind
     * @param version the kind's version
     * @param integratedTime when the log integrated it, in seconds since the epoch
     */
    public record Entry(
            Optional<String> logUrl,
            byte[] logId,
            long logIndex,
            String kind,
            String version,
            Optional<Long> integratedTime) {
        /** Copies {@code logId}. */
        public Entry {
            logId = logId.clone();
        }

        @Override
        public byte[] logId() {
            return logId.clone();
        }

        /** The log's id in lowercase hex. */
        public String logIdHex() {
            return HexFormat.of().formatHex(logId);
        }
    }
}
