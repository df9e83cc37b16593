package dev.animus.sigstore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A property test of {@link Merkle#included} against an independent, recursive RFC 6962 §2.1
 * implementation (MTH and PATH): every true audit path is accepted, and every tampered one (a
 * flipped bit in a path hash, the root or the leaf, a dropped or added path element) is rejected;
 * for another index or size the verifier must agree with the recursive reference verifier.
 */
class MerkleTest {
    static final long SEED = Long.getLong("fuzz.seed", System.nanoTime());

    /** A tree of {@code leaves}: MTH and PATH exactly as RFC 6962 §2.1 defines them, memoized by range. */
    record Tree(List<byte[]> leaves, Map<Long, byte[]> memo) {
        Tree(List<byte[]> leaves) {
            this(leaves, new HashMap<>());
        }

        byte[] mth(int lo, int hi) {
            long key = (long) lo << 32 | hi;
            byte[] known = memo.get(key);
            if (known != null) {
                return known;
            }
            byte[] hash;
            if (hi - lo == 1) {
                hash = sha256(new byte[] {0}, leaves.get(lo));
            } else {
                int k = split(hi - lo);
                hash = sha256(new byte[] {1}, mth(lo, lo + k), mth(lo + k, hi));
            }
            memo.put(key, hash);
            return hash;
        }

        List<byte[]> path(int m, int lo, int hi) {
            if (hi - lo == 1) {
                return new ArrayList<>();
            }
            int k = split(hi - lo);
            List<byte[]> path;
            if (m < k) {
                path = path(m, lo, lo + k);
                path.add(mth(lo + k, hi));
            } else {
                path = path(m - k, lo + k, hi);
                path.add(mth(lo, lo + k));
            }
            return path;
        }
    }

    /** The largest power of two smaller than {@code n} (n > 1). */
    static int split(int n) {
        return Integer.highestOneBit(n - 1);
    }

    /** The root a path leads to by the recursive definition, or null if its length does not fit (m, n). */
    static byte[] referenceRoot(byte[] leafHash, long m, long n, List<byte[]> path, int end) {
        if (m < 0 || n <= 0 || m >= n) {
            return null;
        }
        if (n == 1) {
            return end == 0 ? leafHash : null;
        }
        if (end == 0 || path.get(end - 1).length != 32) {
            return null;
        }
        long k = Long.highestOneBit(n - 1);
        byte[] sibling = path.get(end - 1);
        byte[] below = m < k
                ? referenceRoot(leafHash, m, k, path, end - 1)
                : referenceRoot(leafHash, m - k, n - k, path, end - 1);
        if (below == null) {
            return null;
        }
        return m < k ? sha256(new byte[] {1}, below, sibling) : sha256(new byte[] {1}, sibling, below);
    }

    static boolean referenceIncluded(byte[] leafHash, long m, long n, List<byte[]> path, byte[] root) {
        byte[] computed = referenceRoot(leafHash, m, n, path, path.size());
        return computed != null && MessageDigest.isEqual(computed, root);
    }

    static byte[] sha256(byte[]... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (byte[] part : parts) {
                sha.update(part);
            }
            return sha.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] flip(byte[] bytes, SplittableRandom random) {
        byte[] copy = bytes.clone();
        copy[random.nextInt(copy.length)] ^= (byte) (1 << random.nextInt(8));
        return copy;
    }

    @Test
    void leafAndNodeHashesAreRfc6962() {
        byte[] data = {1, 2, 3};
        assertArrayEquals(sha256(new byte[] {0}, data), Merkle.leafHash(data));
        assertArrayEquals(sha256(new byte[] {1}, data, new byte[] {4}), Merkle.nodeHash(data, new byte[] {4}));
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void trueProofsVerifyAndTamperedOnesDoNot() {
        System.out.println("MerkleTest seed: " + SEED + " (rerun with -Dfuzz.seed=" + SEED + ")");
        SplittableRandom random = new SplittableRandom(SEED);
        int cases = 0;
        int otherIndexOrSizeAccepted = 0;
        for (int t = 0; t < 100; t++) {
            int size = 1 + random.nextInt(300);
            List<byte[]> leaves = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                byte[] leaf = new byte[random.nextInt(1, 50)];
                random.nextBytes(leaf);
                leaves.add(leaf);
            }
            Tree tree = new Tree(leaves);
            byte[] root = tree.mth(0, size);
            for (int c = 0; c < 100; c++) {
                int m = random.nextInt(size);
                byte[] leaf = Merkle.leafHash(leaves.get(m));
                List<byte[]> path = tree.path(m, 0, size);
                String where = "seed " + SEED + ", size " + size + ", index " + m;
                assertTrue(Merkle.included(leaf, m, size, path, root), where);
                assertTrue(referenceIncluded(leaf, m, size, path, root), where);
                cases++;
                checkTampered(leaf, m, size, path, root, random, where);
                cases += 5;
                long otherIndex = random.nextInt(size + 2) - 1;
                long otherSize = Math.max(0, size + random.nextInt(-3, 4));
                for (long[] changed : new long[][] {{otherIndex, size}, {m, otherSize}}) {
                    if (changed[0] == m && changed[1] == size) {
                        continue;
                    }
                    boolean accepted = Merkle.included(leaf, changed[0], changed[1], path, root);
                    assertEquals(
                            referenceIncluded(leaf, changed[0], changed[1], path, root),
                            accepted,
                            where + ", changed to index " + changed[0] + ", size " + changed[1]);
                    otherIndexOrSizeAccepted += accepted ? 1 : 0;
                    cases++;
                }
            }
        }
        System.out.println("MerkleTest: " + cases + " cases; another index or size accepted (as the reference does) "
                + otherIndexOrSizeAccepted + " times");
        assertTrue(cases >= 10_000, "cases " + cases);
    }

    private static void checkTampered(
            byte[] leaf, int m, int size, List<byte[]> path, byte[] root, SplittableRandom random, String where) {
        if (!path.isEmpty()) {
            List<byte[]> flipped = new ArrayList<>(path);
            int at = random.nextInt(path.size());
            flipped.set(at, flip(path.get(at), random));
            assertFalse(Merkle.included(leaf, m, size, flipped, root), where + ", path[" + at + "] flipped");
            List<byte[]> dropped = new ArrayList<>(path);
            dropped.remove(random.nextInt(path.size()));
            assertFalse(Merkle.included(leaf, m, size, dropped, root), where + ", a path element dropped");
        } else {
            assertFalse(
                    Merkle.included(leaf, m, size, List.of(), flip(leaf, random)), where + ", other root of one leaf");
        }
        assertFalse(Merkle.included(leaf, m, size, path, flip(root, random)), where + ", root flipped");
        assertFalse(Merkle.included(flip(leaf, random), m, size, path, root), where + ", leaf flipped");
        List<byte[]> added = new ArrayList<>(path);
        byte[] extra = new byte[32];
        random.nextBytes(extra);
        added.add(random.nextInt(added.size() + 1), extra);
        assertFalse(Merkle.included(leaf, m, size, added, root), where + ", a path element added");
    }

    @Test
    void malformedArgumentsAreRejected() {
        byte[] leaf = Merkle.leafHash(new byte[] {7});
        assertFalse(Merkle.included(leaf, 0, 0, List.of(), leaf));
        assertFalse(Merkle.included(leaf, -1, 1, List.of(), leaf));
        assertFalse(Merkle.included(leaf, 1, 1, List.of(), leaf));
        assertFalse(Merkle.included(leaf, 0, 2, List.of(new byte[31]), leaf));
        assertFalse(Merkle.included(leaf, Long.MAX_VALUE - 1, Long.MAX_VALUE, List.of(), leaf));
        assertTrue(Merkle.included(leaf, 0, 1, List.of(), leaf));
    }
}
