package dev.animus.sigstore;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * A transparency log entry of a bundle ({@code TransparencyLogEntry}).
 *
 * @param logIndex the entry's index in the log
 * @param logId the id of the log
 * @param kind the entry's kind ({@code hashedrekord}, {@code dsse}, {@code intoto})
 * @param version the kind's version ({@code 0.0.1}, {@code 0.0.2})
 * @param integratedTime when the log says it integrated the entry (Unix seconds), if it says (Rekor v1)
 * @param signedEntryTimestamp the log's promise of inclusion over the entry, if present
 * @param inclusionProof the proof of inclusion, if present
 * @param body the canonicalized entry body the log stored
 */
public record LogEntry(
        long logIndex,
        byte[] logId,
        String kind,
        String version,
        Optional<Long> integratedTime,
        Optional<byte[]> signedEntryTimestamp,
        Optional<InclusionProof> inclusionProof,
        byte[] body) {
    public LogEntry {
        logId = logId.clone();
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(integratedTime, "integratedTime");
        signedEntryTimestamp = signedEntryTimestamp.map(byte[]::clone);
        Objects.requireNonNull(inclusionProof, "inclusionProof");
        body = body.clone();
    }

    @Override
    public byte[] logId() {
        return logId.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LogEntry e
                && logIndex == e.logIndex
                && Arrays.equals(logId, e.logId)
                && Arrays.equals(body, e.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(logIndex, Arrays.hashCode(logId), Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        return kind + "/" + version + " entry " + logIndex + " of log "
                + HexFormat.of().formatHex(logId);
    }
}
