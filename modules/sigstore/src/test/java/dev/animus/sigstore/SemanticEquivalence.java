package dev.animus.sigstore;

import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampToken;
import tools.jackson.databind.JsonNode;

/**
 * Whether a mutated bundle JSON tree means the same to a verifier as the original: what a
 * mutation may change in a bundle that still verifies. Ignored: the fields {@link #IGNORED}
 * (unsigned hints) and any field the original does not have (unknown fields). Redundant: the
 * fields {@link #REDUNDANT} may be missing (a second trusted time, the stated artifact digest).
 * Equal in value: base64 strings that decode to the same bytes (non-canonical trailing bits),
 * int64 strings of the same number (leading zeros), and checkpoints with the same signed text and
 * the same signature lines; RFC 3161 responses whose signed parts are the same (the TSTInfo, the
 * signer info with its signed attributes and signature) while unsigned parts differ: the status
 * text, the certificates embedded in the token (never trusted by the verifier), the outer
 * ContentInfo.
 */
final class SemanticEquivalence {
    /** Fields the verifier never reads. */
    static final Set<String> IGNORED = Set.of("hint", "keyid");
    /** Fields whose absence still leaves a verifiable bundle when the rest is intact. */
    static final Set<String> REDUNDANT =
            Set.of("messageDigest", "timestampVerificationData", "rfc3161Timestamps", "inclusionPromise");

    private static final Set<String> INT64 = Set.of("logIndex", "treeSize", "integratedTime");

    private SemanticEquivalence() {}

    static boolean equivalent(JsonNode original, JsonNode mutated) {
        return equivalent(original, mutated, "$");
    }

    private static boolean equivalent(JsonNode original, JsonNode mutated, String field) {
        if (original.isObject()) {
            if (!mutated.isObject()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> property : original.properties()) {
                String name = property.getKey();
                JsonNode other = mutated.get(name);
                if (IGNORED.contains(name)) {
                    continue;
                }
                if (other == null) {
                    if (!REDUNDANT.contains(name)) {
                        return false;
                    }
                } else if (!equivalent(property.getValue(), other, name)) {
                    return false;
                }
            }
            return true;
        }
        if (original.isArray()) {
            if (!mutated.isArray() || mutated.size() != original.size()) {
                return false;
            }
            for (int i = 0; i < original.size(); i++) {
                if (!equivalent(original.get(i), mutated.get(i), field)) {
                    return false;
                }
            }
            return true;
        }
        if (original.equals(mutated)) {
            return true;
        }
        if (!original.isString() || !mutated.isString()) {
            return false;
        }
        String a = original.asString();
        String b = mutated.asString();
        if (field.equals("envelope")) {
            return sameCheckpoint(a, b);
        }
        if (field.equals("signedTimestamp")) {
            return sameSignedTimestamp(base64(a), base64(b));
        }
        if (INT64.contains(field)) {
            try {
                return b.matches("-?[0-9]{1,19}") && Long.parseLong(a) == Long.parseLong(b);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return Arrays.equals(base64(a), base64(b)) && base64(a) != null;
    }

    private static byte[] base64(String text) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean sameCheckpoint(String a, String b) {
        try {
            Checkpoint x = Checkpoint.parse(a);
            Checkpoint y = Checkpoint.parse(b);
            if (!x.text().equals(y.text())
                    || x.signatures().size() != y.signatures().size()) {
                return false;
            }
            for (int i = 0; i < x.signatures().size(); i++) {
                Checkpoint.NoteSignature s = x.signatures().get(i);
                Checkpoint.NoteSignature t = y.signatures().get(i);
                if (!s.name().equals(t.name())
                        || !Arrays.equals(s.keyHint(), t.keyHint())
                        || !Arrays.equals(s.signature(), t.signature())) {
                    return false;
                }
            }
            return true;
        } catch (VerificationFailed e) {
            return false;
        }
    }

    /**
     * What a timestamp's signature covers: the TSTInfo, the signed attributes and the signature
     * itself; null if unreadable. The rest of the SignerInfo is not signed (e.g. its version: a
     * mutation turning version 1 into 3 still verifies, found by a run of the mutation test), nor
     * are the embedded certificates, which the verifier never trusts.
     */
    static List<byte[]> signedParts(byte[] der) {
        try {
            TimeStampToken token;
            try {
                token = new TimeStampResponse(der).getTimeStampToken();
            } catch (Exception notAResponse) {
                token = new TimeStampToken(new CMSSignedData(der));
            }
            var signer = token.toCMSSignedData()
                    .getSignerInfos()
                    .getSigners()
                    .iterator()
                    .next();
            return List.of(
                    token.getTimeStampInfo().getEncoded(), signer.getEncodedSignedAttributes(), signer.getSignature());
        } catch (Exception e) {
            return null;
        }
    }

    private static boolean sameSignedTimestamp(byte[] a, byte[] b) {
        if (a == null || b == null) {
            return false;
        }
        List<byte[]> x = signedParts(a);
        List<byte[]> y = signedParts(b);
        return x != null
                && y != null
                && Arrays.equals(x.get(0), y.get(0))
                && Arrays.equals(x.get(1), y.get(1))
                && Arrays.equals(x.get(2), y.get(2));
    }
}
