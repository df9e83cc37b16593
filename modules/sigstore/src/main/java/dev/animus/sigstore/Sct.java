package dev.animus.sigstore;

import dev.animus.sigstore.VerificationFailed.Reason;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERTaggedObject;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;

/**
 * Signed certificate timestamps embedded in a certificate (RFC 6962 §3.3): each is a CT log's
 * signature over the precertificate, which is the certificate's TBS without the SCT list.
 *
 * @param logId the CT log's id (SHA-256 of its key)
 * @param timestamp when the log saw the precertificate
 * @param extensions the SCT's extensions (signed along)
 * @param signature the DER signature
 */
record Sct(byte[] logId, long timestamp, byte[] extensions, byte[] signature) {
    static final String SCT_LIST = "1.3.6.1.4.1.11129.2.4.2";

    /**
     * Checks that at least one embedded SCT is from a CT log of the trusted root (valid at the SCT's
     * time) and verifies over the precertificate.
     */
    static void verify(TrustedRoot root, X509Certificate leaf, X509Certificate issuer) {
        List<Sct> scts = embedded(leaf);
        if (scts.isEmpty()) {
            throw new VerificationFailed(Reason.INVALID_SCT, "the signing certificate carries no SCT");
        }
        byte[] precert = precertificate(leaf);
        byte[] issuerKeyHash = Crypto.sha256(issuer.getPublicKey().getEncoded());
        for (Sct sct : scts) {
            var log = root.ctlog(sct.logId);
            if (log.isPresent()
                    && log.get().validFor().contains(Instant.ofEpochMilli(sct.timestamp))
                    && Crypto.verifies(log.get().key(), sct.signedData(issuerKeyHash, precert), sct.signature)) {
                return;
            }
        }
        throw new VerificationFailed(
                Reason.INVALID_SCT, "no SCT of the signing certificate verifies with a CT log of the trusted root");
    }

    private byte[] signedData(byte[] issuerKeyHash, byte[] precert) {
        ByteBuffer data = ByteBuffer.allocate(1 + 1 + 8 + 2 + 32 + 3 + precert.length + 2 + extensions.length);
        data.put((byte) 0).put((byte) 0).putLong(timestamp).putShort((short) 1).put(issuerKeyHash);
        data.put((byte) (precert.length >>> 16))
                .put((byte) (precert.length >>> 8))
                .put((byte) precert.length);
        data.put(precert);
        data.putShort((short) extensions.length).put(extensions);
        return data.array();
    }

    static List<Sct> embedded(X509Certificate leaf) {
        byte[] extension = leaf.getExtensionValue(SCT_LIST);
        if (extension == null) {
            return List.of();
        }
        try {
            byte[] list = ASN1OctetString.getInstance(
                            ASN1OctetString.getInstance(extension).getOctets())
                    .getOctets();
            ByteBuffer in = ByteBuffer.wrap(list);
            int total = Short.toUnsignedInt(in.getShort());
            if (total != in.remaining()) {
                throw new IllegalArgumentException("list length " + total + " but " + in.remaining() + " bytes");
            }
            List<Sct> scts = new ArrayList<>();
            while (in.hasRemaining()) {
                int length = Short.toUnsignedInt(in.getShort());
                ByteBuffer one = in.slice(in.position(), length);
                in.position(in.position() + length);
                parse(one).ifPresent(scts::add);
            }
            return scts;
        } catch (RuntimeException e) {
            throw new VerificationFailed(
                    Reason.INVALID_SCT, "the signing certificate's SCT list is malformed: " + e.getMessage(), e);
        }
    }

    /** One serialized SCT; empty for versions other than v1 (which cannot be checked). */
    private static Optional<Sct> parse(ByteBuffer in) {
        if (in.get() != 0) {
            return Optional.empty();
        }
        byte[] logId = new byte[32];
        in.get(logId);
        long timestamp = in.getLong();
        byte[] extensions = new byte[Short.toUnsignedInt(in.getShort())];
        in.get(extensions);
        in.get();
        in.get();
        byte[] signature = new byte[Short.toUnsignedInt(in.getShort())];
        in.get(signature);
        if (in.hasRemaining()) {
            throw new IllegalArgumentException("trailing bytes after an SCT");
        }
        return Optional.of(new Sct(logId, timestamp, extensions, signature));
    }

    /** The certificate's TBS with the SCT-list extension removed: what the CT log signed. */
    static byte[] precertificate(X509Certificate leaf) {
        try {
            ASN1Sequence tbs = ASN1Sequence.getInstance(leaf.getTBSCertificate());
            ASN1EncodableVector rebuilt = new ASN1EncodableVector();
            for (ASN1Encodable element : tbs) {
                if (element instanceof ASN1TaggedObject tagged && tagged.getTagNo() == 3) {
                    Extensions extensions = Extensions.getInstance(tagged.getExplicitBaseObject());
                    List<Extension> kept = new ArrayList<>();
                    for (var oid : extensions.getExtensionOIDs()) {
                        if (!oid.getId().equals(SCT_LIST)) {
                            kept.add(extensions.getExtension(oid));
                        }
                    }
                    rebuilt.add(new DERTaggedObject(true, 3, new Extensions(kept.toArray(Extension[]::new))));
                } else {
                    rebuilt.add(element);
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new DERSequence(rebuilt).encodeTo(out, "DER");
            return out.toByteArray();
        } catch (CertificateEncodingException | IOException | RuntimeException e) {
            throw new VerificationFailed(
                    Reason.INVALID_SCT,
                    "the signing certificate's precertificate cannot be rebuilt: " + e.getMessage(),
                    e);
        }
    }
}
