package dev.animus.testsigstore;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** A Rekor v1-like log: makes a tlog entry with SET, inclusion proof and signed checkpoint. */
final class Rekor {
    static final String BASE_URL = "https://rekor.test.example";
    static final String NAME = "rekor.test.example";
    static final String ORIGIN = NAME + " - 1234567890";

    private final KeyPair key;
    private final byte[] logId;

    Rekor(KeyPair key) {
        this.key = key;
        this.logId = Crypto.sha256(key.getPublic().getEncoded());
    }

    byte[] logId() {
        return logId.clone();
    }

    /** One tlogEntries element for {@code body} (canonical JSON bytes). */
    ObjectNode entry(byte[] body, String kind, Instant integratedTime, BundleOptions options) {
        JsonMapper json = JsonMapper.shared();
        int treeSize = 7 + Crypto.RANDOM.nextInt(14);
        int index = Crypto.RANDOM.nextInt(treeSize);
        long seconds = integratedTime.getEpochSecond();
        String bodyB64 = Crypto.b64(body);

        ObjectNode e = json.createObjectNode();
        e.put("logIndex", Long.toString(index));
        e.putObject("logId").put("keyId", Crypto.b64(logId));
        e.putObject("kindVersion").put("kind", kind).put("version", "0.0.1");
        e.put("integratedTime", Long.toString(seconds));
        if (options.includePromise()) {
            // canonical JSON: keys sorted, no whitespace
            ObjectNode set = json.createObjectNode();
            set.put("body", bodyB64);
            set.put("integratedTime", seconds);
            set.put("logID", Crypto.hex(logId));
            set.put("logIndex", (long) index);
            byte[] setBytes = json.writeValueAsBytes(set);
            KeyPair signer = options.foreignSetKey() ? Crypto.p256() : key;
            e.putObject("inclusionPromise")
                    .put("signedEntryTimestamp", Crypto.b64(Crypto.sign(signer.getPrivate(), setBytes)));
        }
        if (options.includeInclusionProof()) {
            List<byte[]> leaves = new ArrayList<>();
            for (int i = 0; i < treeSize; i++) {
                leaves.add(Merkle.leafHash(i == index ? body : Crypto.randomBytes(40)));
            }
            byte[] root = Merkle.root(leaves);
            ObjectNode proof = e.putObject("inclusionProof");
            proof.put("logIndex", Long.toString(index));
            proof.put("rootHash", Crypto.b64(root));
            proof.put("treeSize", Long.toString(treeSize));
            ArrayNode hashes = proof.putArray("hashes");
            for (byte[] h : Merkle.path(index, leaves)) {
                hashes.add(Crypto.b64(h));
            }
            proof.putObject("checkpoint").put("envelope", checkpoint(treeSize, root, options.foreignCheckpointKey()));
        }
        e.put("canonicalizedBody", bodyB64);
        return e;
    }

    /** A C2SP signed note: origin, size, root hash, blank line, one signature line. */
    String checkpoint(long treeSize, byte[] root, boolean foreignKey) {
        String text = ORIGIN + "\n" + treeSize + "\n" + Crypto.b64(root) + "\n";
        KeyPair signer = foreignKey ? Crypto.p256() : key;
        byte[] sig = Crypto.sign(signer.getPrivate(), text.getBytes(StandardCharsets.UTF_8));
        byte[] hintAndSig = new byte[4 + sig.length];
        System.arraycopy(logId, 0, hintAndSig, 0, 4);
        System.arraycopy(sig, 0, hintAndSig, 4, sig.length);
        return text + "\n\u2014 " + NAME + " " + Crypto.b64(hintAndSig) + "\n";
    }
}
