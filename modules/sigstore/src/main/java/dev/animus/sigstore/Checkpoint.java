package dev.animus.sigstore;

import dev.animus.sigstore.VerificationFailed.Reason;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * A log checkpoint as a signed note (C2SP {@code signed-note} and {@code tlog-checkpoint}): the
 * origin line, the tree size, the base64 root hash, optional extension lines, a blank line, then
 * signature lines {@code "— <name> <base64(4-byte key hint || signature)>"}.
 *
 * @param text the signed text (everything up to and including the newline before the blank line)
 * @param origin the log's origin line
 * @param treeSize the tree size
 * @param rootHash the root hash
 * @param signatures the signature lines
 */
record Checkpoint(String text, String origin, long treeSize, byte[] rootHash, List<NoteSignature> signatures) {
    private static final String DASH = "\u2014 ";

    /** One signature line of a note. */
    record NoteSignature(String name, byte[] keyHint, byte[] signature) {}

    static Checkpoint parse(String envelope) {
        int blank = envelope.indexOf("\n\n");
        if (blank < 0) {
            throw bad("has no blank line between its text and its signatures");
        }
        String text = envelope.substring(0, blank + 1);
        String[] lines = text.split("\n", -1);
        if (lines.length < 4) {
            throw bad("must have an origin, a tree size and a root hash");
        }
        String origin = lines[0];
        if (origin.isBlank()) {
            throw bad("has an empty origin line");
        }
        long size;
        try {
            if (!lines[1].matches("[0-9]{1,19}")) {
                throw new NumberFormatException(lines[1]);
            }
            size = Long.parseLong(lines[1]);
        } catch (NumberFormatException e) {
            throw bad("has a tree size that is not a decimal number: " + lines[1]);
        }
        byte[] root;
        try {
            root = Base64.getDecoder().decode(lines[2]);
        } catch (IllegalArgumentException e) {
            throw bad("has a root hash that is not base64: " + lines[2]);
        }
        if (root.length != 32) {
            throw bad("has a root hash of " + root.length + " bytes, not 32");
        }
        List<NoteSignature> signatures = new ArrayList<>();
        String rest = envelope.substring(blank + 2);
        for (String line : rest.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            if (!line.startsWith(DASH)) {
                throw bad("has a signature line that does not start with an em dash: " + line);
            }
            String[] parts = line.substring(DASH.length()).split(" ");
            if (parts.length != 2 || parts[0].isEmpty()) {
                throw bad("has a malformed signature line: " + line);
            }
            byte[] raw;
            try {
                raw = Base64.getDecoder().decode(parts[1]);
            } catch (IllegalArgumentException e) {
                throw bad("has a signature that is not base64: " + line);
            }
            if (raw.length < 5) {
                throw bad("has a signature too short to hold a key hint: " + line);
            }
            signatures.add(new NoteSignature(parts[0], Arrays.copyOf(raw, 4), Arrays.copyOfRange(raw, 4, raw.length)));
        }
        if (signatures.isEmpty()) {
            throw bad("has no signature");
        }
        return new Checkpoint(text, origin, size, root, signatures);
    }

    /**
     * Whether one of the signature lines is the log's: its name is the log's, its key hint is the
     * first four bytes of the log id, and the signature verifies with the log's key. Other lines
     * (witness cosignatures, unknown keys) are ignored.
     */
    boolean signedBy(TransparencyLog log) {
        byte[] hint = Arrays.copyOf(log.logId(), 4);
        byte[] signed = text.getBytes(StandardCharsets.UTF_8);
        for (NoteSignature signature : signatures) {
            if (signature.name().equals(log.noteName())
                    && Arrays.equals(signature.keyHint(), hint)
                    && Crypto.verifies(log.key(), signed, signature.signature())) {
                return true;
            }
        }
        return false;
    }

    private static VerificationFailed bad(String what) {
        return new VerificationFailed(Reason.INVALID_CHECKPOINT, "the log checkpoint " + what);
    }
}
