package dev.animus.testsigstore;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.HexFormat;

/** Small helpers over java.security: EC keys, ECDSA, SHA-256, Base64, hex and PEM. */
final class Crypto {
    static final SecureRandom RANDOM = new SecureRandom();

    private Crypto() {}

    static KeyPair p256() {
        return ec("secp256r1");
    }

    static KeyPair p384() {
        return ec("secp384r1");
    }

    private static KeyPair ec(String curve) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec(curve), RANDOM);
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** ECDSA with SHA-256 over {@code data}; the ASN.1 DER signature. */
    static byte[] sign(PrivateKey key, byte[] data) {
        try {
            Signature s = Signature.getInstance("SHA256withECDSA");
            s.initSign(key, RANDOM);
            s.update(data);
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static boolean verify(PublicKey key, byte[] data, byte[] signature) {
        try {
            Signature s = Signature.getInstance("SHA256withECDSA");
            s.initVerify(key);
            s.update(data);
            return s.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    static byte[] sha256(byte[]... parts) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            for (byte[] p : parts) {
                d.update(p);
            }
            return d.digest();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String b64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** PEM the way Go's encoding/pem writes it: 64-column lines, each ending in a newline. */
    static String pem(String type, byte[] der) {
        StringBuilder sb = new StringBuilder("-----BEGIN ").append(type).append("-----\n");
        String b = b64(der);
        for (int i = 0; i < b.length(); i += 64) {
            sb.append(b, i, Math.min(b.length(), i + 64)).append('\n');
        }
        return sb.append("-----END ").append(type).append("-----\n").toString();
    }

    static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }
}
