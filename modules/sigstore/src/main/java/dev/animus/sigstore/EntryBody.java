package dev.animus.sigstore;

import dev.animus.sigstore.SignedContent.Envelope;
import dev.animus.sigstore.SignedContent.MessageSignature;
import dev.animus.sigstore.VerificationFailed.Reason;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks that a log entry's body records this signing: the artifact (or envelope) digest, the
 * signature bytes and the signing certificate or key. Kinds: {@code hashedrekord} 0.0.1 and 0.0.2,
 * {@code dsse} 0.0.1 and 0.0.2, {@code intoto} 0.0.2.
 */
final class EntryBody {
    private EntryBody() {}

    /**
     * @param signer the certificate or key that signed, as the verifier established it
     * @param artifactSha256 the artifact's SHA-256 (message signatures)
     */
    static void check(LogEntry entry, SignedContent content, Signer signer, byte[] artifactSha256) {
        JsonNode body = parse(entry);
        String kind = body.path("kind").asString("");
        String version = body.path("apiVersion").asString("");
        if (!kind.equals(entry.kind()) || !version.equals(entry.version())) {
            throw mismatch(
                    entry,
                    "records kind " + kind + "/" + version + " but the bundle says " + entry.kind() + "/"
                            + entry.version());
        }
        JsonNode spec = body.path("spec");
        String key = kind + "/" + version;
        switch (content) {
            case MessageSignature message -> {
                switch (key) {
                    case "hashedrekord/0.0.1" ->
                        hashedRekordV1(entry, spec, artifactSha256, message.signature(), signer);
                    case "hashedrekord/0.0.2" ->
                        hashedRekordV2(entry, spec, artifactSha256, message.signature(), signer);
                    default -> throw mismatch(entry, "is a " + key + " entry, which cannot record a message signature");
                }
            }
            case Envelope envelope -> {
                switch (key) {
                    case "dsse/0.0.1" -> dsseV1(entry, spec, envelope, signer);
                    case "dsse/0.0.2" -> dsseV2(entry, spec, envelope, signer);
                    case "intoto/0.0.2" -> intotoV2(entry, spec, envelope, signer);
                    case "hashedrekord/0.0.2" -> {
                        if (envelope.signatures().size() != 1) {
                            throw mismatch(
                                    entry,
                                    "is a hashedrekord entry, which records one envelope signature, not "
                                            + envelope.signatures().size());
                        }
                        hashedRekordV2(
                                entry,
                                spec,
                                Crypto.sha256(envelope.pae()),
                                envelope.signatures().getFirst(),
                                signer);
                    }
                    default -> throw mismatch(entry, "is a " + key + " entry, which cannot record a DSSE envelope");
                }
            }
        }
    }

    private static void hashedRekordV1(LogEntry entry, JsonNode spec, byte[] digest, byte[] signature, Signer signer) {
        JsonNode hash = spec.path("data").path("hash");
        if (!hash.path("algorithm").asString("").equals("sha256")
                || !hash.path("value")
                        .asString("")
                        .equalsIgnoreCase(HexFormat.of().formatHex(digest))) {
            throw mismatch(
                    entry,
                    "records the digest " + hash.path("value").asString("(none)") + ", not the artifact's "
                            + HexFormat.of().formatHex(digest));
        }
        JsonNode sig = spec.path("signature");
        requireEqual(entry, "signature", base64(entry, sig.path("content")), signature);
        requireSigner(
                entry, signer.matchesPem(base64(entry, sig.path("publicKey").path("content"))));
    }

    private static void hashedRekordV2(LogEntry entry, JsonNode spec, byte[] digest, byte[] signature, Signer signer) {
        JsonNode v2 = spec.path("hashedRekordV002");
        JsonNode data = v2.path("data");
        if (!data.path("algorithm").asString("").equals("SHA2_256")) {
            throw mismatch(
                    entry,
                    "records a digest of algorithm " + data.path("algorithm").asString("(none)"));
        }
        requireEqual(entry, "digest", base64(entry, data.path("digest")), digest);
        JsonNode sig = v2.path("signature");
        requireEqual(entry, "signature", base64(entry, sig.path("content")), signature);
        requireSigner(entry, verifierMatches(entry, sig.path("verifier"), signer));
    }

    private static void dsseV1(LogEntry entry, JsonNode spec, Envelope envelope, Signer signer) {
        payloadHash(entry, spec.path("payloadHash"), envelope);
        List<byte[]> logged = new ArrayList<>();
        for (JsonNode s : spec.path("signatures")) {
            requireSigner(entry, signer.matchesPem(base64(entry, s.path("verifier"))));
            logged.add(base64(entry, s.path("signature")));
        }
        sameSignatures(entry, logged, envelope);
    }

    private static void dsseV2(LogEntry entry, JsonNode spec, Envelope envelope, Signer signer) {
        JsonNode v2 = spec.path("dsseV002");
        JsonNode hash = v2.path("payloadHash");
        if (!hash.path("algorithm").asString("").equals("SHA2_256")) {
            throw mismatch(
                    entry,
                    "records a payload digest of algorithm "
                            + hash.path("algorithm").asString("(none)"));
        }
        requireEqual(entry, "payload digest", base64(entry, hash.path("digest")), Crypto.sha256(envelope.payload()));
        List<byte[]> logged = new ArrayList<>();
        for (JsonNode s : v2.path("signatures")) {
            requireSigner(entry, verifierMatches(entry, s.path("verifier"), signer));
            logged.add(base64(entry, s.path("content")));
        }
        sameSignatures(entry, logged, envelope);
    }

    private static void intotoV2(LogEntry entry, JsonNode spec, Envelope envelope, Signer signer) {
        JsonNode content = spec.path("content");
        payloadHash(entry, content.path("payloadHash"), envelope);
        JsonNode logged = content.path("envelope");
        if (!logged.path("payloadType").asString("").equals(envelope.payloadType())) {
            throw mismatch(
                    entry,
                    "records the payload type " + logged.path("payloadType").asString("(none)"));
        }
        if (logged.has("payload")) {
            requireEqual(entry, "payload", doubleBase64(entry, logged.path("payload")), envelope.payload());
        }
        List<byte[]> signatures = new ArrayList<>();
        for (JsonNode s : logged.path("signatures")) {
            requireSigner(entry, signer.matchesPem(base64(entry, s.path("publicKey"))));
            signatures.add(doubleBase64(entry, s.path("sig")));
        }
        sameSignatures(entry, signatures, envelope);
    }

    private static void payloadHash(LogEntry entry, JsonNode hash, Envelope envelope) {
        String expected = HexFormat.of().formatHex(Crypto.sha256(envelope.payload()));
        if (!hash.path("algorithm").asString("").equals("sha256")
                || !hash.path("value").asString("").equalsIgnoreCase(expected)) {
            throw mismatch(
                    entry,
                    "records the payload digest " + hash.path("value").asString("(none)") + ", not the envelope's "
                            + expected);
        }
    }

    private static void sameSignatures(LogEntry entry, List<byte[]> logged, Envelope envelope) {
        List<byte[]> signed = envelope.signatures();
        boolean same = logged.size() == signed.size()
                && signed.stream().allMatch(s -> logged.stream().anyMatch(l -> MessageDigest.isEqual(l, s)));
        if (!same) {
            throw mismatch(entry, "records other signatures than the envelope's");
        }
    }

    private static boolean verifierMatches(LogEntry entry, JsonNode verifier, Signer signer) {
        if (verifier.has("x509Certificate")) {
            return signer.matchesCertificate(
                    base64(entry, verifier.path("x509Certificate").path("rawBytes")));
        }
        if (verifier.has("publicKey")) {
            return signer.matchesKey(base64(entry, verifier.path("publicKey").path("rawBytes")));
        }
        return false;
    }

    private static void requireSigner(LogEntry entry, boolean matches) {
        if (!matches) {
            throw mismatch(entry, "records another certificate or key than the one that signed");
        }
    }

    private static void requireEqual(LogEntry entry, String what, byte[] logged, byte[] actual) {
        if (!MessageDigest.isEqual(logged, actual)) {
            throw mismatch(entry, "records another " + what + " than the bundle's");
        }
    }

    private static byte[] base64(LogEntry entry, JsonNode node) {
        if (!node.isString()) {
            throw mismatch(entry, "lacks a field this check needs");
        }
        try {
            return Base64.getDecoder().decode(node.asString());
        } catch (IllegalArgumentException e) {
            throw mismatch(entry, "holds a field that is not base64");
        }
    }

    /** intoto 0.0.2 stores the envelope's base64 strings base64-encoded once more. */
    private static byte[] doubleBase64(LogEntry entry, JsonNode node) {
        byte[] once = base64(entry, node);
        try {
            return Base64.getDecoder().decode(new String(once, StandardCharsets.US_ASCII));
        } catch (IllegalArgumentException e) {
            throw mismatch(entry, "records a signature or payload that is not the envelope's (not double base64)");
        }
    }

    private static JsonNode parse(LogEntry entry) {
        try {
            JsonNode body = JsonMapper.shared().readTree(entry.body());
            if (body == null || !body.isObject()) {
                throw mismatch(entry, "has a body that is not a JSON object");
            }
            return body;
        } catch (JacksonException e) {
            throw mismatch(entry, "has a body that is not JSON: " + e.getOriginalMessage());
        }
    }

    private static VerificationFailed mismatch(LogEntry entry, String what) {
        return new VerificationFailed(Reason.LOG_ENTRY_MISMATCH, "the log entry " + entry.logIndex() + " " + what);
    }
}
