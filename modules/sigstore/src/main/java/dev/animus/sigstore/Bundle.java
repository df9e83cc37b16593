package dev.animus.sigstore;

import dev.animus.sigstore.SignedContent.Envelope;
import dev.animus.sigstore.SignedContent.MessageSignature;
import dev.animus.sigstore.VerificationFailed.Reason;
import java.security.cert.CertificateException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A Sigstore bundle (v0.1, v0.2 or v0.3, protobuf JSON): what signed, what was signed, the
 * transparency log entries and the RFC 3161 timestamps. Parsing checks the shape and the rules of
 * the bundle's version (v0.1 entries carry a signed entry timestamp, later ones an inclusion proof
 * with a checkpoint); it proves nothing else.
 *
 * @param version {@code "0.1"}, {@code "0.2"} or {@code "0.3"}
 * @param material the certificate or key hint
 * @param entries the transparency log entries (at least one)
 * @param timestamps the DER of each RFC 3161 timestamp response
 * @param content the message signature or DSSE envelope
 */
public record Bundle(
        String version,
        SigningMaterial material,
        List<LogEntry> entries,
        List<byte[]> timestamps,
        SignedContent content) {
    private static final Map<String, String> MEDIA_TYPES = Map.of(
            "application/vnd.dev.sigstore.bundle+json;version=0.1", "0.1",
            "application/vnd.dev.sigstore.bundle+json;version=0.2", "0.2",
            "application/vnd.dev.sigstore.bundle+json;version=0.3", "0.3",
            "application/vnd.dev.sigstore.bundle.v0.3+json", "0.3");

    public Bundle {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(material, "material");
        entries = List.copyOf(entries);
        timestamps = timestamps.stream().map(byte[]::clone).toList();
        Objects.requireNonNull(content, "content");
    }

    /**
     * Parses a bundle.
     *
     * @param name names the bundle in errors (its file, usually)
     * @throws VerificationFailed {@link Reason#MALFORMED_BUNDLE} or {@link Reason#UNSUPPORTED_BUNDLE}
     */
    public static Bundle parse(byte[] json, String name) {
        Fields fields = new Fields(Reason.MALFORMED_BUNDLE, "bundle " + name);
        JsonNode root = fields.document(json);
        String mediaType = fields.text(root, "mediaType", "$");
        String version = MEDIA_TYPES.get(mediaType);
        if (version == null) {
            throw new VerificationFailed(
                    Reason.UNSUPPORTED_BUNDLE,
                    "bundle " + name + " has media type " + mediaType + "; this verifier reads bundles v0.1 to v0.3");
        }
        JsonNode material = fields.object(root, "verificationMaterial", "$");
        SigningMaterial signingMaterial = signingMaterial(fields, material);
        List<LogEntry> entries = new ArrayList<>();
        List<JsonNode> entryNodes = fields.array(material, "tlogEntries", "$.verificationMaterial");
        for (int i = 0; i < entryNodes.size(); i++) {
            entries.add(entry(fields, entryNodes.get(i), "$.verificationMaterial.tlogEntries[" + i + "]", version));
        }
        if (entries.isEmpty()) {
            throw fields.bad("$.verificationMaterial.tlogEntries", "is empty: a bundle needs a transparency log entry");
        }
        return new Bundle(version, signingMaterial, entries, timestamps(fields, material), content(fields, root));
    }

    private static SigningMaterial signingMaterial(Fields fields, JsonNode material) {
        String path = "$.verificationMaterial";
        Optional<JsonNode> chain = fields.optionalObject(material, "x509CertificateChain", path);
        Optional<JsonNode> single = fields.optionalObject(material, "certificate", path);
        Optional<JsonNode> key = fields.optionalObject(material, "publicKey", path);
        if ((chain.isPresent() ? 1 : 0) + (single.isPresent() ? 1 : 0) + (key.isPresent() ? 1 : 0) != 1) {
            throw fields.bad(path, "must hold exactly one of x509CertificateChain, certificate, publicKey");
        }
        if (key.isPresent()) {
            return new SigningMaterial.KeyHint(
                    fields.optionalText(key.get(), "hint", path + ".publicKey").orElse(""));
        }
        byte[] der;
        String derPath;
        if (chain.isPresent()) {
            List<JsonNode> certificates = fields.array(chain.get(), "certificates", path + ".x509CertificateChain");
            if (certificates.isEmpty()) {
                throw fields.bad(path + ".x509CertificateChain.certificates", "is empty");
            }
            // only the leaf is used (the rest of the chain comes from the trusted root), but a bundle
            // whose other certificates are malformed is a malformed bundle
            for (int i = 1; i < certificates.size(); i++) {
                String otherPath = path + ".x509CertificateChain.certificates[" + i + "]";
                try {
                    Crypto.certificate(fields.base64(certificates.get(i), "rawBytes", otherPath));
                } catch (CertificateException e) {
                    throw fields.bad(otherPath + ".rawBytes", "is not an X.509 certificate: " + e.getMessage());
                }
            }
            derPath = path + ".x509CertificateChain.certificates[0]";
            der = fields.base64(certificates.getFirst(), "rawBytes", derPath);
        } else {
            derPath = path + ".certificate";
            der = fields.base64(single.get(), "rawBytes", derPath);
        }
        try {
            return new SigningMaterial.Certificate(Crypto.certificate(der));
        } catch (CertificateException e) {
            throw fields.bad(derPath + ".rawBytes", "is not an X.509 certificate: " + e.getMessage());
        }
    }

    private static LogEntry entry(Fields fields, JsonNode node, String path, String version) {
        JsonNode kindVersion = fields.object(node, "kindVersion", path);
        Optional<Long> integrated =
                fields.optionalInt64(node, "integratedTime", path).filter(t -> t != 0);
        Optional<byte[]> promise = fields.optionalObject(node, "inclusionPromise", path)
                .map(p -> fields.base64(p, "signedEntryTimestamp", path + ".inclusionPromise"));
        Optional<InclusionProof> proof = fields.optionalObject(node, "inclusionProof", path)
                .map(p -> proof(fields, p, path + ".inclusionProof"));
        if (version.equals("0.1") && promise.isEmpty()) {
            throw fields.bad(
                    path + ".inclusionPromise", "is missing: a v0.1 bundle's entries carry a signed entry timestamp");
        }
        if (!version.equals("0.1") && proof.isEmpty()) {
            throw fields.bad(
                    path + ".inclusionProof",
                    "is missing: a v" + version + " bundle's entries carry an inclusion proof");
        }
        return new LogEntry(
                fields.int64(node, "logIndex", path),
                fields.base64(fields.object(node, "logId", path), "keyId", path + ".logId"),
                fields.text(kindVersion, "kind", path + ".kindVersion"),
                fields.text(kindVersion, "version", path + ".kindVersion"),
                integrated,
                promise,
                proof,
                fields.base64(node, "canonicalizedBody", path));
    }

    private static InclusionProof proof(Fields fields, JsonNode node, String path) {
        List<byte[]> hashes = new ArrayList<>();
        JsonNode hashNodes = node.get("hashes");
        if (hashNodes != null && !hashNodes.isNull()) {
            if (!hashNodes.isArray()) {
                throw fields.bad(path + ".hashes", "must be an array");
            }
            for (int i = 0; i < hashNodes.size(); i++) {
                if (!hashNodes.get(i).isString()) {
                    throw fields.bad(path + ".hashes[" + i + "]", "must be a base64 string");
                }
                hashes.add(fields.decode(hashNodes.get(i).asString(), path + ".hashes[" + i + "]"));
            }
        }
        JsonNode checkpoint = fields.object(node, "checkpoint", path);
        return new InclusionProof(
                fields.int64(node, "logIndex", path),
                fields.base64(node, "rootHash", path),
                fields.int64(node, "treeSize", path),
                hashes,
                fields.text(checkpoint, "envelope", path + ".checkpoint"));
    }

    private static List<byte[]> timestamps(Fields fields, JsonNode material) {
        String path = "$.verificationMaterial.timestampVerificationData";
        return fields.optionalObject(material, "timestampVerificationData", "$.verificationMaterial")
                .map(data -> {
                    List<JsonNode> nodes = fields.array(data, "rfc3161Timestamps", path);
                    List<byte[]> timestamps = new ArrayList<>();
                    for (int i = 0; i < nodes.size(); i++) {
                        timestamps.add(
                                fields.base64(nodes.get(i), "signedTimestamp", path + ".rfc3161Timestamps[" + i + "]"));
                    }
                    return timestamps;
                })
                .orElse(List.of());
    }

    private static SignedContent content(Fields fields, JsonNode root) {
        Optional<JsonNode> message = fields.optionalObject(root, "messageSignature", "$");
        Optional<JsonNode> envelope = fields.optionalObject(root, "dsseEnvelope", "$");
        if (message.isPresent() == envelope.isPresent()) {
            throw fields.bad("$", "must hold exactly one of messageSignature, dsseEnvelope");
        }
        if (message.isPresent()) {
            String path = "$.messageSignature";
            Optional<byte[]> digest = fields.optionalObject(message.get(), "messageDigest", path)
                    .map(d -> {
                        String algorithm = fields.text(d, "algorithm", path + ".messageDigest");
                        if (!algorithm.equals("SHA2_256")) {
                            throw new VerificationFailed(
                                    Reason.UNSUPPORTED_ALGORITHM,
                                    "bundle message digest algorithm " + algorithm + " is not supported (SHA2_256 is)");
                        }
                        return fields.base64(d, "digest", path + ".messageDigest");
                    });
            return new MessageSignature(digest, fields.base64(message.get(), "signature", path));
        }
        String path = "$.dsseEnvelope";
        JsonNode node = envelope.get();
        List<byte[]> signatures = new ArrayList<>();
        List<JsonNode> signatureNodes = fields.array(node, "signatures", path);
        for (int i = 0; i < signatureNodes.size(); i++) {
            signatures.add(fields.base64(signatureNodes.get(i), "sig", path + ".signatures[" + i + "]"));
        }
        if (signatures.isEmpty()) {
            throw fields.bad(path + ".signatures", "is empty");
        }
        return new Envelope(fields.text(node, "payloadType", path), fields.base64(node, "payload", path), signatures);
    }
}
