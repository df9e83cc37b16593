package dev.animus.testsigstore;

import java.time.Instant;

/**
 * How {@link Signer#bundle(byte[], BundleOptions)} and {@link Signer#dsseBundle} build a
 * bundle: correct by default, each option a deliberate deviation or variant.
 *
 * @param version the bundle version: "0.1", "0.2" (x509CertificateChain of leaf, intermediate, root) or "0.3" (certificate)
 * @param includePromise whether the tlog entry carries an inclusionPromise (SET)
 * @param includeInclusionProof whether the tlog entry carries an inclusionProof with checkpoint
 * @param includeTlogEntry whether tlogEntries holds the entry at all (else it is empty)
 * @param rfc3161Timestamp whether timestampVerificationData holds an RFC 3161 timestamp over the signature bytes
 * @param embedTsaCertificate whether the timestamp token embeds the TSA leaf certificate
 * @param integratedTime the tlog integratedTime, or null for TestSigstore.now()
 * @param timestampTime the timestamp genTime, or null for the integrated time
 * @param signatureOverride bytes to put (in the bundle and in the log entry) instead of the real signature, or null
 * @param loggedDigestOverride the SHA-256 the log entry records instead of the real one (hashedrekord data hash, dsse payloadHash), or null
 * @param foreignSetKey sign the SET with a foreign key (log id unchanged)
 * @param foreignCheckpointKey sign the checkpoint with a foreign key (key hint unchanged)
 * @param foreignSctKey the leaf's SCT is signed by a foreign key (log id unchanged)
 * @param omitSct the leaf carries no SCT list extension
 */
public record BundleOptions(
        String version,
        boolean includePromise,
        boolean includeInclusionProof,
        boolean includeTlogEntry,
        boolean rfc3161Timestamp,
        boolean embedTsaCertificate,
        Instant integratedTime,
        Instant timestampTime,
        byte[] signatureOverride,
        byte[] loggedDigestOverride,
        boolean foreignSetKey,
        boolean foreignCheckpointKey,
        boolean foreignSctKey,
        boolean omitSct) {

    /** Copies the arrays, so a record never shares them with its caller. */
    public BundleOptions {
        signatureOverride = signatureOverride == null ? null : signatureOverride.clone();
        loggedDigestOverride = loggedDigestOverride == null ? null : loggedDigestOverride.clone();
        if (!version.equals("0.1") && !version.equals("0.2") && !version.equals("0.3")) {
            throw new IllegalArgumentException("bundle version " + version);
        }
    }

    /** A v0.3 bundle with SET and inclusion proof, no timestamp, nothing broken. */
    public static BundleOptions defaults() {
        return new BundleOptions(
                "0.3", true, true, true, false, true, null, null, null, null, false, false, false, false);
    }

    @Override
    public byte[] signatureOverride() {
        return signatureOverride == null ? null : signatureOverride.clone();
    }

    @Override
    public byte[] loggedDigestOverride() {
        return loggedDigestOverride == null ? null : loggedDigestOverride.clone();
    }

    /** A copy with version = {@code v}. */
    public BundleOptions withVersion(String v) {
        return new BundleOptions(
                v,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with includePromise = {@code v}. */
    public BundleOptions withIncludePromise(boolean v) {
        return new BundleOptions(
                version,
                v,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with includeInclusionProof = {@code v}. */
    public BundleOptions withIncludeInclusionProof(boolean v) {
        return new BundleOptions(
                version,
                includePromise,
                v,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with includeTlogEntry = {@code v}. */
    public BundleOptions withIncludeTlogEntry(boolean v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                v,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with rfc3161Timestamp = {@code v}. */
    public BundleOptions withRfc3161Timestamp(boolean v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                v,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with embedTsaCertificate = {@code v}. */
    public BundleOptions withEmbedTsaCertificate(boolean v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                v,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with integratedTime = {@code v}. */
    public BundleOptions withIntegratedTime(Instant v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                v,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with timestampTime = {@code v}. */
    public BundleOptions withTimestampTime(Instant v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                v,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with signatureOverride = {@code v}. */
    public BundleOptions withSignatureOverride(byte[] v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                v,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with loggedDigestOverride = {@code v}. */
    public BundleOptions withLoggedDigestOverride(byte[] v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                v,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with foreignSetKey = {@code v}. */
    public BundleOptions withForeignSetKey(boolean v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                v,
                foreignCheckpointKey,
                foreignSctKey,
                omitSct);
    }

    /** A copy with foreignCheckpointKey = {@code v}. */
    public BundleOptions withForeignCheckpointKey(boolean v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                v,
                foreignSctKey,
                omitSct);
    }

    /** A copy with foreignSctKey = {@code v}. */
    public BundleOptions withForeignSctKey(boolean v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                v,
                omitSct);
    }

    /** A copy with omitSct = {@code v}. */
    public BundleOptions withOmitSct(boolean v) {
        return new BundleOptions(
                version,
                includePromise,
                includeInclusionProof,
                includeTlogEntry,
                rfc3161Timestamp,
                embedTsaCertificate,
                integratedTime,
                timestampTime,
                signatureOverride,
                loggedDigestOverride,
                foreignSetKey,
                foreignCheckpointKey,
                foreignSctKey,
                v);
    }
}
