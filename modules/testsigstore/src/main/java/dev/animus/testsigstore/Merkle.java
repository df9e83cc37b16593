package dev.animus.testsigstore;

import java.util.ArrayList;
import java.util.List;

/** An RFC 6962 Merkle tree over a list of leaves: root hash and audit path. */
final class Merkle {
    private Merkle() {}

    static byte[] leafHash(byte[] leaf) {
        return Crypto.sha256(new byte[] {0}, leaf);
    }

    static byte[] nodeHash(byte[] left, byte[] right) {
        return Crypto.sha256(new byte[] {1}, left, right);
    }

    /** MTH(D[n]) for the already leaf-hashed list. */
    static byte[] root(List<byte[]> leafHashes) {
        int n = leafHashes.size();
        if (n == 0) {
            return Crypto.sha256();
        }
        if (n == 1) {
            return leafHashes.getFirst();
        }
        int k = splitPoint(n);
        return nodeHash(root(leafHashes.subList(0, k)), root(leafHashes.subList(k, n)));
    }

    /** PATH(m, D[n]) of RFC 6962 §2.1.1, ordered from the leaf up. */
    static List<byte[]> path(int m, List<byte[]> leafHashes) {
        int n = leafHashes.size();
        List<byte[]> out = new ArrayList<>();
        if (n <= 1) {
            return out;
        }
        int k = splitPoint(n);
        if (m < k) {
            out.addAll(path(m, leafHashes.subList(0, k)));
            out.add(root(leafHashes.subList(k, n)));
        } else {
            out.addAll(path(m - k, leafHashes.subList(k, n)));
            out.add(root(leafHashes.subList(0, k)));
        }
        return out;
    }

    /** The largest power of two smaller than n (n at least 2). */
    private static int splitPoint(int n) {
        return Integer.highestOneBit(n - 1);
    }
}
