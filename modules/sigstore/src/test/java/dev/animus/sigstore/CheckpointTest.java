package dev.animus.sigstore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.sigstore.VerificationFailed.Reason;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Signed-note checkpoints: well-formed notes parse (one signature, several, cosignatures first),
 * each malformed one is an {@link Reason#INVALID_CHECKPOINT}, and {@link Checkpoint#signedBy}
 * accepts the log's own line only (name, key hint and key must all fit, over the exact text).
 */
class CheckpointTest {
    static final String NAME = "rekor.example.org";
    static final byte[] ROOT = filled(32, (byte) 0xab);
    static final String TEXT = NAME + " - 42\n17\n" + Base64.getEncoder().encodeToString(ROOT) + "\n";

    static byte[] filled(int length, byte value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, value);
        return bytes;
    }

    static String line(String name, byte[] hint, byte[] signature) {
        byte[] raw = new byte[4 + signature.length];
        System.arraycopy(hint, 0, raw, 0, 4);
        System.arraycopy(signature, 0, raw, 4, signature.length);
        return "\u2014 " + name + " " + Base64.getEncoder().encodeToString(raw) + "\n";
    }

    static byte[] sign(KeyPair keys, String text) throws GeneralSecurityException {
        Signature signer =
                Signature.getInstance(keys.getPublic().getAlgorithm().equals("EC") ? "SHA256withECDSA" : "Ed25519");
        signer.initSign(keys.getPrivate());
        signer.update(text.getBytes(StandardCharsets.UTF_8));
        return signer.sign();
    }

    static KeyPair keys(String algorithm) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
        if (algorithm.equals("EC")) {
            generator.initialize(256);
        }
        return generator.generateKeyPair();
    }

    static TransparencyLog log(KeyPair keys, String baseUrl) {
        return new TransparencyLog(
                baseUrl,
                Crypto.sha256(keys.getPublic().getEncoded()),
                keys.getPublic(),
                new Validity(Instant.EPOCH, Optional.empty()));
    }

    static byte[] hint(TransparencyLog log) {
        return Arrays.copyOf(log.logId(), 4);
    }

    static void malformed(String note) {
        VerificationFailed failure = assertThrows(VerificationFailed.class, () -> Checkpoint.parse(note), note);
        assertEquals(Reason.INVALID_CHECKPOINT, failure.reason());
        assertTrue(failure.getMessage().contains("checkpoint"), failure.getMessage());
    }

    @Test
    void aNoteParses() {
        Checkpoint checkpoint = Checkpoint.parse(TEXT + "\n" + line(NAME, new byte[] {1, 2, 3, 4}, new byte[] {9, 9}));
        assertEquals(NAME + " - 42", checkpoint.origin());
        assertEquals(17, checkpoint.treeSize());
        assertArrayEquals(ROOT, checkpoint.rootHash());
        assertEquals(TEXT, checkpoint.text());
        assertEquals(1, checkpoint.signatures().size());
        assertArrayEquals(
                new byte[] {1, 2, 3, 4}, checkpoint.signatures().getFirst().keyHint());
        assertArrayEquals(new byte[] {9, 9}, checkpoint.signatures().getFirst().signature());
    }

    @Test
    void extensionLinesAndSeveralSignaturesParse() {
        String text = TEXT + "an extension line\n";
        Checkpoint checkpoint = Checkpoint.parse(text + "\n" + line("witness.example", new byte[4], new byte[8])
                + line(NAME, new byte[4], new byte[8]) + line("other.example", new byte[4], new byte[8]));
        assertEquals(text, checkpoint.text());
        assertEquals(3, checkpoint.signatures().size());
        assertEquals("witness.example", checkpoint.signatures().getFirst().name());
    }

    @Test
    void malformedNotesAreInvalidCheckpoints() {
        String sig = line(NAME, new byte[4], new byte[8]);
        String root = Base64.getEncoder().encodeToString(ROOT);
        malformed(TEXT + sig);
        malformed("");
        malformed("\n\n" + sig);
        malformed("origin\n\n" + sig);
        malformed("origin\n17\n\n" + sig);
        malformed(" \n17\n" + root + "\n\n" + sig);
        malformed("origin\n\n" + root + "\n\n" + sig);
        malformed("origin\n17\n" + Base64.getEncoder().encodeToString(new byte[31]) + "\n\n" + sig);
        malformed("origin\n17\n" + Base64.getEncoder().encodeToString(new byte[33]) + "\n\n" + sig);
        malformed("origin\n17\nnot base64!\n\n" + sig);
        malformed("origin\n-17\n" + root + "\n\n" + sig);
        malformed("origin\n0x11\n" + root + "\n\n" + sig);
        malformed("origin\n1 7\n" + root + "\n\n" + sig);
        malformed("origin\n99999999999999999999\n" + root + "\n\n" + sig);
        malformed("origin\n9223372036854775808\n" + root + "\n\n" + sig);
        malformed(TEXT + "\n");
        malformed(TEXT + "\n\n\n");
        malformed(TEXT + "\n\u2014 " + NAME + " ***\n");
        malformed(TEXT + "\n\u2014 " + NAME + " " + Base64.getEncoder().encodeToString(new byte[4]) + "\n");
        malformed(TEXT + "\n- " + NAME + " " + Base64.getEncoder().encodeToString(new byte[8]) + "\n");
        malformed(TEXT + "\n\u2014 " + Base64.getEncoder().encodeToString(new byte[8]) + "\n");
        malformed(TEXT + "\n\u2014  " + Base64.getEncoder().encodeToString(new byte[8]) + "\n");
        malformed(TEXT + "\n\u2014 " + NAME + " " + Base64.getEncoder().encodeToString(new byte[8]) + " extra\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"EC", "Ed25519"})
    void signedByAcceptsTheLogsLineOnly(String algorithm) throws GeneralSecurityException {
        KeyPair keys = keys(algorithm);
        TransparencyLog log = log(keys, "https://" + NAME);
        assertEquals(NAME, log.noteName());
        String good = line(NAME, hint(log), sign(keys, TEXT));
        String cosignature = line("witness.example", new byte[4], sign(keys(algorithm), TEXT));
        assertTrue(Checkpoint.parse(TEXT + "\n" + good).signedBy(log));
        assertTrue(Checkpoint.parse(TEXT + "\n" + cosignature + good).signedBy(log), "after a cosignature");
        assertFalse(Checkpoint.parse(TEXT + "\n" + cosignature).signedBy(log), "a cosignature only");
        assertFalse(
                Checkpoint.parse(TEXT + "\n" + line("other.example.org", hint(log), sign(keys, TEXT)))
                        .signedBy(log),
                "wrong name");
        assertFalse(
                Checkpoint.parse(TEXT + "\n" + line("https://" + NAME, hint(log), sign(keys, TEXT)))
                        .signedBy(log),
                "the URL is not the name");
        byte[] wrongHint = hint(log);
        wrongHint[0] ^= 1;
        assertFalse(
                Checkpoint.parse(TEXT + "\n" + line(NAME, wrongHint, sign(keys, TEXT)))
                        .signedBy(log),
                "wrong hint");
        assertFalse(
                Checkpoint.parse(TEXT + "\n" + line(NAME, hint(log), sign(keys(algorithm), TEXT)))
                        .signedBy(log),
                "wrong key");
        String tampered = TEXT.replace("\n17\n", "\n18\n");
        assertFalse(Checkpoint.parse(tampered + "\n" + good).signedBy(log), "tampered text");
        assertFalse(Checkpoint.parse(TEXT + "extension\n\n" + good).signedBy(log), "an added extension line");
    }

    @Test
    void theNameIsTheAuthorityWithItsPort() throws GeneralSecurityException {
        KeyPair keys = keys("Ed25519");
        TransparencyLog log = log(keys, "http://localhost:3000/api");
        assertEquals("localhost:3000", log.noteName());
        assertTrue(Checkpoint.parse(TEXT + "\n" + line("localhost:3000", hint(log), sign(keys, TEXT)))
                .signedBy(log));
        assertFalse(Checkpoint.parse(TEXT + "\n" + line("localhost", hint(log), sign(keys, TEXT)))
                .signedBy(log));
    }
}
