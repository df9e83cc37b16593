package dev.animus.sigstore;

import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Optional;

/** Who signed, as established by the verifier: a certificate (keyless) or a managed key. */
record Signer(Optional<X509Certificate> certificate, PublicKey key) {

    static Signer of(X509Certificate certificate) {
        return new Signer(Optional.of(certificate), certificate.getPublicKey());
    }

    static Signer of(PublicKey key) {
        return new Signer(Optional.empty(), key);
    }

    boolean matchesCertificate(byte[] der) {
        return certificate
                .map(c -> {
                    try {
                        return MessageDigest.isEqual(c.getEncoded(), der);
                    } catch (CertificateEncodingException e) {
                        return false;
                    }
                })
                .orElse(false);
    }

    /** A key matches a managed-key signer only; a keyless signing is recorded with its certificate. */
    boolean matchesKey(byte[] spki) {
        return certificate.isEmpty() && MessageDigest.isEqual(key.getEncoded(), spki);
    }

    /** A PEM {@code CERTIFICATE} or {@code PUBLIC KEY}, as Rekor v1 bodies record the signer. */
    boolean matchesPem(byte[] pem) {
        Crypto.Pem block;
        try {
            block = Crypto.pem(pem);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return switch (block.label()) {
            case "CERTIFICATE" -> matchesCertificate(block.der());
            case "PUBLIC KEY" -> matchesKey(block.der());
            default -> false;
        };
    }
}
