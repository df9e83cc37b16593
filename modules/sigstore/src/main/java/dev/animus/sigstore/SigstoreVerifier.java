package dev.animus.sigstore;

import dev.animus.sigstore.SignedContent.Envelope;
import dev.animus.sigstore.SignedContent.MessageSignature;
import dev.animus.sigstore.VerificationFailed.Reason;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Verifies a bundle for an artifact the way cosign's blob verification does, offline, against a
 * trusted root. In order: the signing material fits the policy; every RFC 3161 timestamp verifies;
 * every transparency log entry is from a log of the trusted root, records this signing, and is
 * proven by a signed entry timestamp or an inclusion proof with a signed checkpoint; there is a
 * trusted time of signing (an integrated time under a signed entry timestamp, or a timestamp);
 * for a certificate, it is valid at every such time, chains to a certificate authority of the
 * trusted root, and carries a valid SCT; the signature over the artifact (or the DSSE envelope)
 * verifies and covers this artifact; and last, the certificate's identity and issuer match the
 * policy — so a mismatched identity is reported only for a bundle that is otherwise valid.
 *
 * <p>Thread-safe and stateless apart from the root and the clock.
 */
public final class SigstoreVerifier {
    private static final String IN_TOTO = "application/vnd.in-toto+json";

    private final TrustedRoot root;
    private final InstantSource clock;

    public SigstoreVerifier(TrustedRoot root, InstantSource clock) {
        this.root = Objects.requireNonNull(root, "root");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Verifies {@code bundle} for the artifact whose SHA-256 is {@code artifactSha256}.
     *
     * @return what was verified
     * @throws VerificationFailed with the reason of the first check that failed
     */
    public Verified verify(Bundle bundle, byte[] artifactSha256, VerificationPolicy policy) {
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(policy, "policy");
        if (artifactSha256.length != 32) {
            throw new IllegalArgumentException("a SHA-256 digest has 32 bytes, not " + artifactSha256.length);
        }
        Signer signer = signer(bundle, policy);
        byte[] signature = primarySignature(bundle.content());
        Instant now = clock.instant();
        List<Instant> timestamps = new ArrayList<>();
        for (byte[] timestamp : bundle.timestamps()) {
            timestamps.add(notInFuture(Rfc3161.verify(root, timestamp, signature), now, "an RFC 3161 timestamp"));
        }
        List<Instant> signedAt = new ArrayList<>(timestamps);
        for (LogEntry entry : bundle.entries()) {
            checkEntry(entry, bundle, signer, artifactSha256, timestamps, now).ifPresent(signedAt::add);
        }
        if (signer.certificate().isPresent()) {
            checkCertificate(signer.certificate().get(), signedAt);
        }
        checkSignature(bundle.content(), signer, artifactSha256);
        if (policy instanceof IdentityPolicy identity) {
            return checkIdentity(signer.certificate().orElseThrow(), identity, signedAt, bundle.entries());
        }
        return new Verified(Optional.empty(), Optional.empty(), signedAt, bundle.entries());
    }

    private static Signer signer(Bundle bundle, VerificationPolicy policy) {
        return switch (policy) {
            case KeyPolicy key -> {
                if (!(bundle.material() instanceof SigningMaterial.KeyHint)) {
                    throw new VerificationFailed(
                            Reason.WRONG_MATERIAL,
                            "the bundle is signed with a certificate, but a key was given to verify it with");
                }
                yield Signer.of(key.key());
            }
            case IdentityPolicy identity -> {
                if (!(bundle.material() instanceof SigningMaterial.Certificate certificate)) {
                    throw new VerificationFailed(
                            Reason.WRONG_MATERIAL,
                            "the bundle is signed with a managed key; verify it with that key (--key), not an identity");
                }
                yield Signer.of(certificate.leaf());
            }
        };
    }

    private static byte[] primarySignature(SignedContent content) {
        return switch (content) {
            case MessageSignature message -> message.signature();
            case Envelope envelope -> envelope.signatures().getFirst();
        };
    }

    /** Checks one entry; returns its integrated time if a signed entry timestamp vouches for it. */
    private Optional<Instant> checkEntry(
            LogEntry entry,
            Bundle bundle,
            Signer signer,
            byte[] artifactSha256,
            List<Instant> timestamps,
            Instant now) {
        TransparencyLog log = root.tlog(entry.logId())
                .orElseThrow(() -> new VerificationFailed(
                        Reason.UNKNOWN_LOG, "the " + entry + " is from a log the trusted root does not know"));
        EntryBody.check(entry, bundle.content(), signer, artifactSha256);
        Optional<Instant> integrated = Optional.empty();
        if (entry.signedEntryTimestamp().isPresent()) {
            long seconds = entry.integratedTime()
                    .orElseThrow(() -> new VerificationFailed(
                            Reason.MALFORMED_BUNDLE,
                            "the " + entry + " has a signed entry timestamp but no integrated time"));
            if (!Crypto.verifies(
                    log.key(),
                    setPayload(entry, seconds),
                    entry.signedEntryTimestamp().get())) {
                throw new VerificationFailed(
                        Reason.INVALID_SIGNED_ENTRY_TIMESTAMP,
                        "the signed entry timestamp of the " + entry + " does not verify with the key of "
                                + log.baseUrl());
            }
            integrated = Optional.of(notInFuture(Instant.ofEpochSecond(seconds), now, "the integrated time"));
        }
        if (entry.inclusionProof().isPresent()) {
            checkInclusion(entry, entry.inclusionProof().get(), log);
        }
        List<Instant> times = integrated.map(List::of).orElse(timestamps);
        if (times.isEmpty()) {
            throw new VerificationFailed(
                    Reason.NO_TRUSTED_TIME,
                    "the " + entry
                            + " has no integrated time under a signed entry timestamp, and the bundle has no RFC 3161 timestamp");
        }
        for (Instant time : times) {
            if (!log.validFor().contains(time)) {
                throw new VerificationFailed(
                        Reason.UNKNOWN_LOG,
                        "the " + entry + " was made at " + time + ", outside the validity of " + log.baseUrl()
                                + " in the trusted root " + log.validFor());
            }
        }
        return integrated;
    }

    /** Rekor's signed entry timestamp signs this canonical JSON (keys sorted, no spaces). */
    private static byte[] setPayload(LogEntry entry, long integratedTime) {
        String body = Base64.getEncoder().encodeToString(entry.body());
        return ("{\"body\":\"" + body + "\",\"integratedTime\":" + integratedTime + ",\"logID\":\""
                        + HexFormat.of().formatHex(entry.logId()) + "\",\"logIndex\":" + entry.logIndex() + "}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static void checkInclusion(LogEntry entry, InclusionProof proof, TransparencyLog log) {
        if (!Merkle.included(
                Merkle.leafHash(entry.body()), proof.logIndex(), proof.treeSize(), proof.hashes(), proof.rootHash())) {
            throw new VerificationFailed(
                    Reason.INVALID_INCLUSION_PROOF,
                    "the inclusion proof of the " + entry + " does not lead to its root hash");
        }
        Checkpoint checkpoint = Checkpoint.parse(proof.checkpoint());
        if (checkpoint.treeSize() != proof.treeSize()
                || !MessageDigest.isEqual(checkpoint.rootHash(), proof.rootHash())) {
            throw new VerificationFailed(
                    Reason.INVALID_CHECKPOINT,
                    "the checkpoint of the " + entry + " is for another tree than its inclusion proof");
        }
        if (!checkpoint.signedBy(log)) {
            throw new VerificationFailed(
                    Reason.INVALID_CHECKPOINT,
                    "the checkpoint of the " + entry + " carries no valid signature of " + log.noteName());
        }
    }

    private void checkCertificate(X509Certificate leaf, List<Instant> signedAt) {
        if (signedAt.isEmpty()) {
            throw new VerificationFailed(
                    Reason.NO_TRUSTED_TIME, "there is no trusted time of signing to check the signing certificate at");
        }
        for (Instant time : signedAt) {
            if (time.isBefore(leaf.getNotBefore().toInstant())
                    || time.isAfter(leaf.getNotAfter().toInstant())) {
                throw new VerificationFailed(
                        Reason.TIME_OUTSIDE_VALIDITY,
                        "the signing time " + time
                                + " is outside the signing certificate's validity ("
                                + leaf.getNotBefore().toInstant()
                                + " to " + leaf.getNotAfter().toInstant() + ")");
            }
        }
        List<X509Certificate> chain = FulcioCertificate.chain(root, leaf, signedAt);
        Sct.verify(root, leaf, chain.getFirst());
    }

    private static void checkSignature(SignedContent content, Signer signer, byte[] artifactSha256) {
        switch (content) {
            case MessageSignature message -> {
                if (message.sha256().isPresent()
                        && !MessageDigest.isEqual(message.sha256().get(), artifactSha256)) {
                    throw new VerificationFailed(
                            Reason.ARTIFACT_MISMATCH,
                            "the bundle signs the digest "
                                    + HexFormat.of().formatHex(message.sha256().get()) + ", not the artifact's "
                                    + HexFormat.of().formatHex(artifactSha256));
                }
                if (!Crypto.verifiesDigest(signer.key(), artifactSha256, message.signature())) {
                    throw new VerificationFailed(
                            Reason.INVALID_SIGNATURE,
                            "the signature does not verify over the artifact with the signing key");
                }
            }
            case Envelope envelope -> {
                byte[] pae = envelope.pae();
                boolean signed = envelope.signatures().stream().anyMatch(s -> Crypto.verifies(signer.key(), pae, s));
                if (!signed) {
                    throw new VerificationFailed(
                            Reason.INVALID_SIGNATURE,
                            "no signature of the DSSE envelope verifies with the signing key");
                }
                requireSubject(envelope, artifactSha256);
            }
        }
    }

    /** An in-toto statement in an envelope covers the artifact if one of its subjects has its SHA-256. */
    private static void requireSubject(Envelope envelope, byte[] artifactSha256) {
        if (!envelope.payloadType().equals(IN_TOTO)) {
            throw new VerificationFailed(
                    Reason.ARTIFACT_MISMATCH,
                    "the DSSE envelope holds " + envelope.payloadType()
                            + ", not an in-toto statement naming the artifact");
        }
        String hex = HexFormat.of().formatHex(artifactSha256);
        JsonNode statement;
        try {
            statement = JsonMapper.shared().readTree(envelope.payload());
        } catch (JacksonException e) {
            throw new VerificationFailed(
                    Reason.ARTIFACT_MISMATCH,
                    "the DSSE envelope's in-toto statement is not JSON: " + e.getOriginalMessage(),
                    e);
        }
        for (JsonNode subject : statement.path("subject")) {
            if (subject.path("digest").path("sha256").asString("").equalsIgnoreCase(hex)) {
                return;
            }
        }
        throw new VerificationFailed(
                Reason.ARTIFACT_MISMATCH, "no subject of the in-toto statement has the artifact's SHA-256 " + hex);
    }

    private static Verified checkIdentity(
            X509Certificate leaf, IdentityPolicy policy, List<Instant> signedAt, List<LogEntry> entries) {
        List<String> names = FulcioCertificate.identities(leaf);
        if (!policy.matches(names)) {
            throw new VerificationFailed(
                    Reason.IDENTITY_MISMATCH,
                    "the bundle was signed by "
                            + (names.isEmpty() ? "a certificate without an identity" : String.join(", ", names))
                            + ", not by " + (policy.regex() ? "an identity matching " : "") + policy.identity());
        }
        Optional<String> issuer = FulcioCertificate.issuer(leaf);
        if (!issuer.map(policy.issuer()::equals).orElse(false)) {
            throw new VerificationFailed(
                    Reason.ISSUER_MISMATCH,
                    "the signer's identity was issued by " + issuer.orElse("(no issuer recorded)") + ", not by "
                            + policy.issuer());
        }
        String matched = policy.regex()
                ? names.stream()
                        .filter(n -> n.matches(policy.identity()))
                        .findFirst()
                        .orElseThrow()
                : policy.identity();
        return new Verified(Optional.of(matched), issuer, signedAt, entries);
    }

    private static Instant notInFuture(Instant time, Instant now, String what) {
        if (time.isAfter(now)) {
            throw new VerificationFailed(
                    Reason.TIME_OUTSIDE_VALIDITY, what + " " + time + " is in the future (now " + now + ")");
        }
        return time;
    }
}
