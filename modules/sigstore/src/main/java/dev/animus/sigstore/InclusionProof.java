package dev.animus.sigstore;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A Merkle proof that an entry is in a log (RFC 9162 §2.1.3), with the log's signed checkpoint.
 *
 * @param logIndex the entry's index in the tree
 * @param rootHash the tree's root hash
 * @param treeSize the tree's size
 * @param hashes the audit path, leaf to root
 * @param checkpoint the signed note committing to {@code treeSize} and {@code rootHash}
 */
public record InclusionProof(long logIndex, byte[] rootHash, long treeSize, List<byte[]> hashes, String checkpoint) {
    public InclusionProof {
        rootHash = rootHash.clone();
        hashes = hashes.stream().map(byte[]::clone).toList();
        Objects.requireNonNull(checkpoint, "checkpoint");
    }

    @Override
    public byte[] rootHash() {
        return rootHash.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof InclusionProof p
                && logIndex == p.logIndex
                && treeSize == p.treeSize
                && Arrays.equals(rootHash, p.rootHash)
                && checkpoint.equals(p.checkpoint);
    }

    @Override
    public int hashCode() {
        return Objects.hash(logIndex, treeSize, checkpoint);
    }

    @Override
    public String toString() {
        return "InclusionProof[index " + logIndex + " of " + treeSize + ", " + hashes.size() + " hashes]";
    }
}
