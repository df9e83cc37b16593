package dev.animus.testsigstore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERTaggedObject;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.SubjectKeyIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x509.TBSCertificate;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Certificate building with BouncyCastle: CAs, leaves, and TBSCertificate surgery. */
final class Certs {
    /** Far enough in the future that no test sees a CA expire. */
    static final Instant FAR_FUTURE = Instant.parse("9999-12-31T23:59:59Z");

    private Certs() {}

    static X500Name name(String organization, String commonName) {
        return new X500NameBuilder(BCStyle.INSTANCE)
                .addRDN(BCStyle.O, organization)
                .addRDN(BCStyle.CN, commonName)
                .build();
    }

    static BigInteger serial() {
        return new BigInteger(1, Crypto.randomBytes(19)).setBit(150);
    }

    static SubjectPublicKeyInfo spki(PublicKey key) {
        return SubjectPublicKeyInfo.getInstance(key.getEncoded());
    }

    static byte[] keyId(PublicKey key) {
        // RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey BIT STRING
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            return sha1.digest(spki(key).getPublicKeyData().getBytes());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A CA certificate. {@code issuer} null means self-signed. {@code pathLen} negative means no
     * path length constraint. {@code codeSigning} adds the extendedKeyUsage codeSigning, as
     * Sigstore's intermediate carries.
     */
    static X509CertificateHolder ca(
            X500Name subject,
            KeyPair subjectKeys,
            X509CertificateHolder issuer,
            PrivateKey issuerKey,
            Instant notBefore,
            int pathLen,
            boolean codeSigning,
            String sigAlg) {
        X500Name issuerName = issuer == null ? subject : issuer.getSubject();
        byte[] authorityKeyId = issuer == null ? keyId(subjectKeys.getPublic()) : subjectKeyId(issuer);
        try {
            X509v3CertificateBuilder b = builder(issuerName, subject, subjectKeys.getPublic(), notBefore, FAR_FUTURE);
            b.addExtension(
                    Extension.basicConstraints,
                    true,
                    pathLen < 0 ? new BasicConstraints(true) : new BasicConstraints(pathLen));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            if (codeSigning) {
                b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_codeSigning));
            }
            b.addExtension(
                    Extension.subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyId(subjectKeys.getPublic())));
            b.addExtension(Extension.authorityKeyIdentifier, false, new AuthorityKeyIdentifier(authorityKeyId));
            return b.build(signer(issuer == null ? subjectKeys.getPrivate() : issuerKey, sigAlg));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A TSA leaf: keyUsage digitalSignature and critical extendedKeyUsage timeStamping. */
    static X509CertificateHolder tsaLeaf(
            X500Name subject, PublicKey key, X509CertificateHolder issuer, PrivateKey issuerKey, Instant notBefore) {
        try {
            X509v3CertificateBuilder b = builder(issuer.getSubject(), subject, key, notBefore, FAR_FUTURE);
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            b.addExtension(Extension.extendedKeyUsage, true, new ExtendedKeyUsage(KeyPurposeId.id_kp_timeStamping));
            b.addExtension(Extension.subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyId(key)));
            b.addExtension(Extension.authorityKeyIdentifier, false, new AuthorityKeyIdentifier(subjectKeyId(issuer)));
            return b.build(signer(issuerKey, "SHA256withECDSA"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A certificate with exactly the given extensions, in the given order. */
    static X509CertificateHolder issue(
            X500Name issuer,
            X500Name subject,
            BigInteger serial,
            PublicKey key,
            Instant notBefore,
            Instant notAfter,
            List<Extension> extensions,
            PrivateKey issuerKey,
            String sigAlg) {
        X509v3CertificateBuilder b = new X509v3CertificateBuilder(
                issuer, serial, Date.from(notBefore), Date.from(notAfter), subject, spki(key));
        try {
            for (Extension e : extensions) {
                b.addExtension(e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.build(signer(issuerKey, sigAlg));
    }

    private static X509v3CertificateBuilder builder(
            X500Name issuer, X500Name subject, PublicKey key, Instant notBefore, Instant notAfter) {
        return new X509v3CertificateBuilder(
                issuer, serial(), Date.from(notBefore), Date.from(notAfter), subject, spki(key));
    }

    static byte[] subjectKeyId(X509CertificateHolder cert) {
        return SubjectKeyIdentifier.fromExtensions(cert.getExtensions()).getKeyIdentifier();
    }

    static ContentSigner signer(PrivateKey key, String sigAlg) {
        try {
            return new JcaContentSignerBuilder(sigAlg).build(key);
        } catch (OperatorCreationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The DER of {@code tbs} with the extension {@code oid} removed and every other field,
     * including the order of the remaining extensions, unchanged.
     */
    static byte[] tbsWithout(TBSCertificate tbs, ASN1ObjectIdentifier oid) {
        ASN1Sequence seq = ASN1Sequence.getInstance(tbs.toASN1Primitive());
        ASN1EncodableVector out = new ASN1EncodableVector();
        for (int i = 0; i < seq.size(); i++) {
            var element = seq.getObjectAt(i);
            if (element instanceof ASN1TaggedObject t && t.getTagNo() == 3) {
                Extensions exts = Extensions.getInstance(t.getExplicitBaseObject());
                ASN1EncodableVector kept = new ASN1EncodableVector();
                for (var id : exts.getExtensionOIDs()) {
                    if (!id.equals(oid)) {
                        kept.add(exts.getExtension(id));
                    }
                }
                out.add(new DERTaggedObject(true, 3, new DERSequence(kept)));
            } else {
                out.add(element);
            }
        }
        try {
            return new DERSequence(out).getEncoded("DER");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] der(X509CertificateHolder cert) {
        try {
            return cert.getEncoded();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
