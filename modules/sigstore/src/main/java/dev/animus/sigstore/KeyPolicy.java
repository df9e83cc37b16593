package dev.animus.sigstore;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.util.HexFormat;
import java.util.Objects;

/** A signature by a managed key (cosign {@code --key}): only this key may have signed. */
public record KeyPolicy(PublicKey key) implements VerificationPolicy {
    public KeyPolicy {
        Objects.requireNonNull(key, "key");
    }

    /**
     * A key from a PEM {@code PUBLIC KEY} block.
     *
     * @throws IllegalArgumentException naming what is wrong with the PEM
     */
    public static KeyPolicy fromPem(String pem) {
        Crypto.Pem block;
        try {
            block = Crypto.pem(pem.getBytes(StandardCharsets.US_ASCII));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("no PEM PUBLIC KEY block found", e);
        }
        if (!block.label().equals("PUBLIC KEY")) {
            throw new IllegalArgumentException("expected a PEM PUBLIC KEY block, found " + block.label());
        }
        try {
            return new KeyPolicy(Crypto.publicKey(block.der()));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("the public key cannot be read: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "the " + key.getAlgorithm() + " key " + HexFormat.of().formatHex(Crypto.sha256(key.getEncoded()), 0, 8);
    }
}
