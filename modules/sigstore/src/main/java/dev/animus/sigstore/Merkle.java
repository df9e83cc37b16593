package dev.animus.sigstore;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/** RFC 6962 / RFC 9162 Merkle tree hashes and inclusion proofs (SHA-256). */
final class Merkle {
    private Merkle() {}

    /** The hash of a leaf: {@code SHA-256(0x00 || data)}. */
    static byte[] leafHash(byte[] data) {
        MessageDigest sha = sha256();
        sha.update((byte) 0);
        return sha.digest(data);
    }

    static byte[] nodeHash(byte[] left, byte[] right) {
        MessageDigest sha = sha256();
        sha.update((byte) 1);
        sha.update(left);
        return sha.digest(right);
    }

    /** The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or null if the proof is malformed for that tree. */
    static byte[] rootFromProof(byte[] leafHash, long index, long size, List<byte[]> path) {
        if (index < 0 || size <= 0 || index >= size) {
            return null;
        }
        long fn = index;
        long sn = size - 1;
        byte[] r = leafHash;
        for (byte[] p : path) {
            if (sn == 0 || p.length != 32) {
                return null;
            }
            if ((fn & 1) == 1 || fn == sn) {
                r = nodeHash(p, r);
                if ((fn & 1) == 0) {
                    while ((fn & 1) == 0 && fn != 0) {
                        fn >>= 1;
                        sn >>= 1;
                    }
                }
            } else {
                r = nodeHash(r, p);
            }
            fn >>= 1;
            sn >>= 1;
        }
        return sn == 0 ? r : null;
    }

    /** Whether the proof shows the leaf at {@code index} in the tree of {@code size} with root {@code root}. */
    static boolean included(byte[] leafHash, long index, long size, List<byte[]> path, byte[] root) {
        byte[] computed = rootFromProof(leafHash, index, size, path);
        return computed != null && MessageDigest.isEqual(computed, root);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
