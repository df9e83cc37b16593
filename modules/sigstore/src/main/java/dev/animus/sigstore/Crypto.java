package dev.animus.sigstore;

import dev.animus.sigstore.VerificationFailed.Reason;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;

/** Keys, certificates, digests and signature checks, on the JDK's providers. */
final class Crypto {
    private static final Pattern PEM =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----\\s*([A-Za-z0-9+/=\\s]+?)\\s*-----END \\1-----");
    private static final String EC = "1.2.840.10045.2.1";
    private static final String ED25519 = "1.3.101.112";
    private static final String RSA = "1.2.840.113549.1.1.1";

    private Crypto() {}

    static byte[] sha256(byte[] data) {
        return digest("SHA-256", data);
    }

    static byte[] digest(String algorithm, byte[] data) {
        try {
            return MessageDigest.getInstance(algorithm).digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is missing from the JDK", e);
        }
    }

    /** A public key from its DER SubjectPublicKeyInfo. */
    static PublicKey publicKey(byte[] spki) throws GeneralSecurityException {
        String oid;
        try {
            oid = SubjectPublicKeyInfo.getInstance(spki)
                    .getAlgorithm()
                    .getAlgorithm()
                    .getId();
        } catch (RuntimeException e) {
            throw new InvalidKeyException("not a DER SubjectPublicKeyInfo: " + e.getMessage(), e);
        }
        String algorithm = switch (oid) {
            case EC -> "EC";
            case ED25519 -> "Ed25519";
            case RSA -> "RSA";
            default -> throw new NoSuchAlgorithmException("unsupported key algorithm " + oid);
        };
        PublicKey key = KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(spki));
        if (!Arrays.equals(key.getEncoded(), spki)) {
            throw new InvalidKeyException("not exactly one DER public key (trailing or re-encoded bytes)");
        }
        return key;
    }

    /**
     * Exactly one DER certificate: the JDK's factory reads the first one of a stream and ignores what
     * follows, so trailing bytes (a forged or damaged field) are refused here.
     */
    static X509Certificate certificate(byte[] der) throws CertificateException {
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        if (factory.generateCertificate(new ByteArrayInputStream(der)) instanceof X509Certificate certificate) {
            if (!Arrays.equals(certificate.getEncoded(), der)) {
                throw new CertificateException("not exactly one DER certificate (trailing or re-encoded bytes)");
            }
            return certificate;
        }
        throw new CertificateException("not an X.509 certificate");
    }

    /** A PEM block of {@code text}: its label and its DER bytes; fails if there is none. */
    static Pem pem(byte[] text) {
        Matcher matcher = PEM.matcher(new String(text, StandardCharsets.US_ASCII));
        if (!matcher.find()) {
            throw new IllegalArgumentException("no PEM block");
        }
        return new Pem(matcher.group(1), Base64.getMimeDecoder().decode(matcher.group(2)));
    }

    /** One PEM block. */
    record Pem(String label, byte[] der) {}

    /** The JCA signature algorithm a key signs whole messages with (SHA-256 or the curve's own hash). */
    static String signatureAlgorithm(PublicKey key) throws NoSuchAlgorithmException {
        return switch (key.getAlgorithm()) {
            case "EC" ->
                switch (curveBits(key)) {
                    case 384 -> "SHA384withECDSA";
                    case 521 -> "SHA512withECDSA";
                    default -> "SHA256withECDSA";
                };
            case "Ed25519", "EdDSA" -> "Ed25519";
            case "RSA" -> "SHA256withRSA";
            default -> throw new NoSuchAlgorithmException("unsupported key algorithm " + key.getAlgorithm());
        };
    }

    private static int curveBits(PublicKey key) {
        return key instanceof ECPublicKey ec
                ? ec.getParams().getCurve().getField().getFieldSize()
                : 256;
    }

    /** Whether {@code signature} is {@code key}'s signature over {@code data}; false also for garbage. */
    static boolean verifies(PublicKey key, byte[] data, byte[] signature) {
        try {
            return verifies(signatureAlgorithm(key), key, data, signature);
        } catch (NoSuchAlgorithmException e) {
            return false;
        }
    }

    static boolean verifies(String algorithm, PublicKey key, byte[] data, byte[] signature) {
        try {
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(key);
            verifier.update(data);
            return verifier.verify(signature);
        } catch (SignatureException | InvalidKeyException | NoSuchAlgorithmException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Whether {@code signature} is {@code key}'s signature over a message whose SHA-256 digest is
     * {@code sha256} (ECDSA and RSA PKCS#1 v1.5 can be checked from the digest alone).
     *
     * @throws VerificationFailed {@link Reason#UNSUPPORTED_ALGORITHM} for a key that signs whole
     *     messages only (Ed25519)
     */
    static boolean verifiesDigest(PublicKey key, byte[] sha256, byte[] signature) {
        return switch (key.getAlgorithm()) {
            case "EC" -> verifies("NONEwithECDSA", key, sha256, signature);
            case "RSA" -> verifies("NONEwithRSA", key, digestInfo(sha256), signature);
            default ->
                throw new VerificationFailed(
                        Reason.UNSUPPORTED_ALGORITHM,
                        "a " + key.getAlgorithm() + " signature over an artifact cannot be checked from its digest");
        };
    }

    private static byte[] digestInfo(byte[] sha256) {
        try {
            AlgorithmIdentifier algorithm =
                    new AlgorithmIdentifier(new ASN1ObjectIdentifier("2.16.840.1.101.3.4.2.1"), DERNull.INSTANCE);
            return new DERSequence(new ASN1Encodable[] {algorithm, new DEROctetString(sha256)}).getEncoded("DER");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
