package dev.animus.sigstore;

import dev.animus.sigstore.VerificationFailed.Reason;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1String;
import org.bouncycastle.asn1.ASN1TaggedObject;

/** What a Fulcio-issued signing certificate says, and the checks on its issuance. */
final class FulcioCertificate {
    /** The OIDC issuer, deprecated form: the extension's value is the raw string. */
    static final String ISSUER_V1 = "1.3.6.1.4.1.57264.1.1";
    /** The OIDC issuer: the extension's value is a DER UTF8String. */
    static final String ISSUER_V2 = "1.3.6.1.4.1.57264.1.8";

    private static final String CODE_SIGNING = "1.3.6.1.5.5.7.3.3";

    private FulcioCertificate() {}

    /**
     * The certificate authority of the trusted root that issued {@code leaf}, valid at every one of
     * {@code times}: its validity window holds each time, the chain's signatures verify up to a
     * self-signed root, and every certificate (the leaf included) is valid at each time.
     *
     * @return the issuing chain, the leaf's issuer first
     */
    static List<X509Certificate> chain(TrustedRoot root, X509Certificate leaf, List<Instant> times) {
        requireCodeSigning(leaf);
        String lastProblem = "the trusted root has no certificate authority";
        for (CertificateAuthority authority : root.certificateAuthorities()) {
            Optional<String> problem = problem(authority, leaf, times);
            if (problem.isEmpty()) {
                return authority.chain();
            }
            lastProblem = problem.get();
        }
        throw new VerificationFailed(
                Reason.UNTRUSTED_CERTIFICATE,
                "the signing certificate does not chain to a trusted certificate authority at the signing time ("
                        + lastProblem + ")");
    }

    private static Optional<String> problem(CertificateAuthority authority, X509Certificate leaf, List<Instant> times) {
        for (Instant time : times) {
            if (!authority.validFor().contains(time)) {
                return Optional.of(authority + " was not valid at " + time);
            }
        }
        List<X509Certificate> path = new ArrayList<>();
        path.add(leaf);
        path.addAll(authority.chain());
        for (int i = 0; i < path.size(); i++) {
            X509Certificate certificate = path.get(i);
            X509Certificate issuer = i + 1 < path.size() ? path.get(i + 1) : certificate;
            if (!certificate.getIssuerX500Principal().equals(issuer.getSubjectX500Principal())) {
                return Optional.of(certificate.getSubjectX500Principal() + " is not issued by "
                        + issuer.getSubjectX500Principal());
            }
            if (i > 0 && certificate.getBasicConstraints() < 0) {
                return Optional.of(certificate.getSubjectX500Principal() + " is not a CA certificate");
            }
            try {
                certificate.verify(issuer.getPublicKey());
            } catch (GeneralSecurityException e) {
                return Optional.of("the signature on "
                        + (i == 0 ? "the signing certificate" : certificate.getSubjectX500Principal())
                        + " does not verify with its issuer's key");
            }
            for (Instant time : times) {
                try {
                    certificate.checkValidity(Date.from(time));
                } catch (GeneralSecurityException e) {
                    return Optional.of((i == 0
                                    ? "the signing certificate"
                                    : certificate.getSubjectX500Principal().toString())
                            + " was not valid at " + time);
                }
            }
        }
        return Optional.empty();
    }

    private static void requireCodeSigning(X509Certificate leaf) {
        try {
            List<String> usages = leaf.getExtendedKeyUsage();
            if (usages == null || !usages.contains(CODE_SIGNING)) {
                throw new VerificationFailed(
                        Reason.UNTRUSTED_CERTIFICATE,
                        "the signing certificate is not for code signing (extended key usage)");
            }
        } catch (CertificateParsingException e) {
            throw new VerificationFailed(
                    Reason.UNTRUSTED_CERTIFICATE,
                    "the signing certificate's extended key usage cannot be read: " + e.getMessage(),
                    e);
        }
        if (leaf.getBasicConstraints() >= 0) {
            throw new VerificationFailed(Reason.UNTRUSTED_CERTIFICATE, "the signing certificate is a CA certificate");
        }
    }

    /** The certificate's subject alternative names: URIs, e-mail addresses and other names as text. */
    static List<String> identities(X509Certificate leaf) {
        List<String> names = new ArrayList<>();
        try {
            Collection<List<?>> sans = leaf.getSubjectAlternativeNames();
            if (sans == null) {
                return names;
            }
            for (List<?> san : sans) {
                int type = (Integer) san.get(0);
                Object value = san.get(1);
                if ((type == 1 || type == 6) && value instanceof String text) {
                    names.add(text);
                } else if (type == 0 && value instanceof byte[] der) {
                    otherName(der).ifPresent(names::add);
                }
            }
        } catch (CertificateParsingException | RuntimeException e) {
            throw new VerificationFailed(
                    Reason.UNTRUSTED_CERTIFICATE,
                    "the signing certificate's subject alternative names cannot be read: " + e.getMessage(),
                    e);
        }
        return names;
    }

    private static Optional<String> otherName(byte[] der) {
        try {
            ASN1Sequence sequence = ASN1Sequence.getInstance(stripTag(ASN1Primitive.fromByteArray(der)));
            ASN1Encodable value = sequence.getObjectAt(1);
            if (value instanceof ASN1TaggedObject tagged) {
                value = tagged.getExplicitBaseObject();
            }
            return value instanceof ASN1String text ? Optional.of(text.getString()) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static ASN1Encodable stripTag(ASN1Primitive primitive) {
        if (primitive instanceof ASN1TaggedObject tagged) {
            return ASN1Sequence.getInstance(tagged, false);
        }
        return primitive;
    }

    /** The OIDC issuer Fulcio recorded, if any. */
    static Optional<String> issuer(X509Certificate leaf) {
        byte[] v2 = leaf.getExtensionValue(ISSUER_V2);
        try {
            if (v2 != null) {
                ASN1Primitive inner = ASN1Primitive.fromByteArray(
                        ASN1OctetString.getInstance(v2).getOctets());
                if (inner instanceof ASN1String text) {
                    return Optional.of(text.getString());
                }
                throw new VerificationFailed(
                        Reason.UNTRUSTED_CERTIFICATE,
                        "the signing certificate's OIDC issuer extension is not a string");
            }
            byte[] v1 = leaf.getExtensionValue(ISSUER_V1);
            if (v1 != null) {
                return Optional.of(new String(ASN1OctetString.getInstance(v1).getOctets(), StandardCharsets.UTF_8));
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new VerificationFailed(
                    Reason.UNTRUSTED_CERTIFICATE,
                    "the signing certificate's OIDC issuer extension cannot be read: " + e.getMessage(),
                    e);
        }
        return Optional.empty();
    }
}
