package dev.animus.testsigstore;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERUTF8String;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.SubjectKeyIdentifier;
import org.bouncycastle.cert.X509CertificateHolder;

/**
 * Issues Fulcio-like leaf certificates the way Fulcio does: a precertificate with the CT poison
 * extension, an RFC 6962 SCT over it (poison removed), then the final certificate with the SCT
 * list in place of the poison.
 */
final class Fulcio {
    static final ASN1ObjectIdentifier ISSUER_V1 = new ASN1ObjectIdentifier("1.3.6.1.4.1.57264.1.1");
    static final ASN1ObjectIdentifier ISSUER_V2 = new ASN1ObjectIdentifier("1.3.6.1.4.1.57264.1.8");
    static final ASN1ObjectIdentifier SCT_LIST = new ASN1ObjectIdentifier("1.3.6.1.4.1.11129.2.4.2");
    static final ASN1ObjectIdentifier POISON = new ASN1ObjectIdentifier("1.3.6.1.4.1.11129.2.4.3");
    static final String SIG_ALG = "SHA384withECDSA";

    /** Which SCT the final certificate carries. */
    enum SctMode {
        GOOD,
        FOREIGN_KEY,
        NONE
    }

    private Fulcio() {}

    static X509CertificateHolder issue(
            PublicKey leafKey,
            String identity,
            String oidcIssuer,
            Instant notBefore,
            X509CertificateHolder intermediate,
            PrivateKey intermediateKey,
            KeyPair ctLog,
            SctMode mode) {
        X500Name issuerName = intermediate.getSubject();
        X500Name empty = new X500Name(new RDN[0]);
        BigInteger serial = Certs.serial();
        Instant notAfter = notBefore.plus(Duration.ofMinutes(10));
        List<Extension> exts = new ArrayList<>();
        try {
            exts.add(new Extension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature).getEncoded()));
            exts.add(new Extension(
                    Extension.extendedKeyUsage,
                    false,
                    new ExtendedKeyUsage(KeyPurposeId.id_kp_codeSigning).getEncoded()));
            exts.add(new Extension(
                    Extension.subjectKeyIdentifier,
                    false,
                    new SubjectKeyIdentifier(Certs.keyId(leafKey)).getEncoded()));
            exts.add(new Extension(
                    Extension.authorityKeyIdentifier,
                    false,
                    new AuthorityKeyIdentifier(Certs.subjectKeyId(intermediate)).getEncoded()));
            GeneralName san = identity.contains("@") && !identity.contains(":")
                    ? new GeneralName(GeneralName.rfc822Name, identity)
                    : new GeneralName(GeneralName.uniformResourceIdentifier, identity);
            // critical: the subject is empty (RFC 5280 §4.2.1.6), as in Fulcio's certificates
            exts.add(new Extension(Extension.subjectAlternativeName, true, new GeneralNames(san).getEncoded()));
            exts.add(new Extension(ISSUER_V1, false, Crypto.utf8(oidcIssuer)));
            exts.add(new Extension(ISSUER_V2, false, new DERUTF8String(oidcIssuer).getEncoded()));
            if (mode == SctMode.NONE) {
                return Certs.issue(
                        issuerName, empty, serial, leafKey, notBefore, notAfter, exts, intermediateKey, SIG_ALG);
            }
            int slot = exts.size();
            exts.add(new Extension(POISON, true, DERNull.INSTANCE.getEncoded()));
            X509CertificateHolder precert = Certs.issue(
                    issuerName, empty, serial, leafKey, notBefore, notAfter, exts, intermediateKey, SIG_ALG);
            byte[] signedTbs = Certs.tbsWithout(precert.toASN1Structure().getTBSCertificate(), POISON);
            byte[] issuerKeyHash =
                    Crypto.sha256(intermediate.getSubjectPublicKeyInfo().getEncoded());
            KeyPair sctKey = mode == SctMode.FOREIGN_KEY ? Crypto.p256() : ctLog;
            byte[] logId = Crypto.sha256(ctLog.getPublic().getEncoded());
            byte[] sct = sct(logId, notBefore.toEpochMilli(), issuerKeyHash, signedTbs, sctKey.getPrivate());
            exts.set(slot, new Extension(SCT_LIST, false, new DEROctetString(sctList(sct)).getEncoded()));
            return Certs.issue(issuerName, empty, serial, leafKey, notBefore, notAfter, exts, intermediateKey, SIG_ALG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The RFC 6962 §3.2 digitally-signed input for a precert entry. */
    static byte[] signedInput(long timestampMillis, byte[] issuerKeyHash, byte[] tbs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0); // sct_version v1
        out.write(0); // signature_type certificate_timestamp
        writeLong(out, timestampMillis);
        writeInt(out, 1, 2); // entry_type precert_entry
        out.writeBytes(issuerKeyHash);
        writeInt(out, tbs.length, 3);
        out.writeBytes(tbs);
        writeInt(out, 0, 2); // extensions
        return out.toByteArray();
    }

    private static byte[] sct(byte[] logId, long timestampMillis, byte[] issuerKeyHash, byte[] tbs, PrivateKey key) {
        byte[] signature = Crypto.sign(key, signedInput(timestampMillis, issuerKeyHash, tbs));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0); // version v1
        out.writeBytes(logId);
        writeLong(out, timestampMillis);
        writeInt(out, 0, 2); // extensions
        out.write(4); // hash sha256
        out.write(3); // signature ecdsa
        writeInt(out, signature.length, 2);
        out.writeBytes(signature);
        return out.toByteArray();
    }

    private static byte[] sctList(byte[] sct) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeInt(out, sct.length + 2, 2);
        writeInt(out, sct.length, 2);
        out.writeBytes(sct);
        return out.toByteArray();
    }

    private static void writeLong(ByteArrayOutputStream out, long v) {
        for (int i = 7; i >= 0; i--) {
            out.write((int) (v >>> (8 * i)));
        }
    }

    private static void writeInt(ByteArrayOutputStream out, int v, int bytes) {
        for (int i = bytes - 1; i >= 0; i--) {
            out.write(v >>> (8 * i));
        }
    }
}
