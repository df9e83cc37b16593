package dev.animus.sigstore;

import java.net.URI;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A transparency log (Rekor) or certificate-transparency log of the trusted root.
 *
 * @param baseUrl the log's URL; its authority ({@code host[:port]}) names the log's checkpoint signatures
 * @param logId the log's id: the SHA-256 of its key (Rekor v1, CT) or its signed-note key id (Rekor v2)
 * @param key the log's public key
 * @param validFor when the log's key may be trusted
 */
public record TransparencyLog(String baseUrl, byte[] logId, PublicKey key, Validity validFor) {
    public TransparencyLog {
        Objects.requireNonNull(baseUrl, "baseUrl");
        logId = logId.clone();
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(validFor, "validFor");
    }

    @Override
    public byte[] logId() {
        return logId.clone();
    }

    boolean hasId(byte[] id) {
        return Arrays.equals(logId, id);
    }

    /** The name its checkpoint signatures carry: the authority of the base URL. */
    String noteName() {
        try {
            String authority = URI.create(baseUrl).getRawAuthority();
            return authority == null ? baseUrl : authority;
        } catch (IllegalArgumentException e) {
            return baseUrl;
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TransparencyLog log
                && baseUrl.equals(log.baseUrl)
                && Arrays.equals(logId, log.logId)
                && key.equals(log.key)
                && validFor.equals(log.validFor);
    }

    @Override
    public int hashCode() {
        return Objects.hash(baseUrl, Arrays.hashCode(logId), validFor);
    }

    @Override
    public String toString() {
        return baseUrl + " (log id " + HexFormat.of().formatHex(logId) + ", valid " + validFor + ")";
    }
}
