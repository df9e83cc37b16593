package dev.animus.testsigstore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.ASN1UTF8String;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERTaggedObject;
import org.bouncycastle.asn1.x509.Certificate;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampToken;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Checks TestSigstore's output by independent means (not through its own helpers). */
class TestSigstoreTest {
    static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    static final String IDENTITY = "https://github.com/acme/plugin/.github/workflows/release.yml@refs/tags/v1";
    static final String ISSUER = "https://token.actions.githubusercontent.com";
    static final ASN1ObjectIdentifier SCT_OID = new ASN1ObjectIdentifier("1.3.6.1.4.1.11129.2.4.2");

    final TestSigstore sigstore = TestSigstore.create(NOW);
    final JsonNode root = read(sigstore.trustedRootJson());
    final byte[] artifact = "hello, sigstore\n".getBytes(StandardCharsets.UTF_8);

    @Test
    void keylessBundleVerifiesPieceByPiece() throws Exception {
        Signer signer = sigstore.keyless(IDENTITY, ISSUER);
        JsonNode b = read(signer.bundle(artifact, BundleOptions.defaults().withRfc3161Timestamp(true)));
        assertEquals(
                "application/vnd.dev.sigstore.bundle.v0.3+json",
                b.get("mediaType").asString());
        X509Certificate leaf =
                cert(b64(b.at("/verificationMaterial/certificate/rawBytes").asString()));
        assertArrayEquals(signer.certificateDer(), leaf.getEncoded());

        // chain: leaf <- intermediate <- root, as named by the trusted root
        JsonNode chain = root.at("/certificateAuthorities/0/certChain/certificates");
        X509Certificate intermediate = cert(b64(chain.get(0).get("rawBytes").asString()));
        X509Certificate caRoot = cert(b64(chain.get(1).get("rawBytes").asString()));
        leaf.verify(intermediate.getPublicKey());
        intermediate.verify(caRoot.getPublicKey());
        caRoot.verify(caRoot.getPublicKey());
        leaf.checkValidity(Date.from(NOW));
        assertEquals(0, leaf.getSubjectX500Principal().getEncoded().length - 2); // empty SEQUENCE
        assertEquals(
                IDENTITY, leaf.getSubjectAlternativeNames().iterator().next().get(1));
        assertTrue(leaf.getCriticalExtensionOIDs().contains("2.5.29.15"));
        assertEquals(List.of("1.3.6.1.5.5.7.3.3"), leaf.getExtendedKeyUsage());
        assertArrayEquals(
                ISSUER.getBytes(StandardCharsets.UTF_8),
                ASN1OctetString.getInstance(leaf.getExtensionValue("1.3.6.1.4.1.57264.1.1"))
                        .getOctets());
        assertEquals(
                ISSUER,
                ASN1UTF8String.getInstance(ASN1OctetString.getInstance(leaf.getExtensionValue("1.3.6.1.4.1.57264.1.8"))
                                .getOctets())
                        .getString());

        assertTrue(sctVerifies(leaf, intermediate, logKey(root.at("/ctlogs/0"))));

        // the artifact signature
        byte[] sig = b64(b.at("/messageSignature/signature").asString());
        assertTrue(verify(leaf.getPublicKey(), artifact, sig));
        assertArrayEquals(
                sha256(artifact),
                b64(b.at("/messageSignature/messageDigest/digest").asString()));

        // the log entry
        JsonNode e = b.at("/verificationMaterial/tlogEntries/0");
        byte[] bodyBytes = b64(e.get("canonicalizedBody").asString());
        String pem = "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(leaf.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
        String expectedBody = "{\"apiVersion\":\"0.0.1\",\"kind\":\"hashedrekord\",\"spec\":{\"data\":{\"hash\":"
                + "{\"algorithm\":\"sha256\",\"value\":\"" + HexFormat.of().formatHex(sha256(artifact))
                + "\"}},\"signature\":{\"content\":\"" + Base64.getEncoder().encodeToString(sig)
                + "\",\"publicKey\":{\"content\":\""
                + Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8)) + "\"}}}}";
        assertEquals(expectedBody, new String(bodyBytes, StandardCharsets.UTF_8));
        assertEquals("hashedrekord", e.at("/kindVersion/kind").asString());
        assertEquals(
                root.at("/tlogs/0/logId/keyId").asString(), e.at("/logId/keyId").asString());
        assertEquals(
                NOW.getEpochSecond(), Long.parseLong(e.get("integratedTime").asString()));
        PublicKey rekorKey = logKey(root.at("/tlogs/0"));
        assertTrue(setVerifies(e, rekorKey));
        assertTrue(proofVerifies(e, bodyBytes));
        assertTrue(checkpointVerifies(e, rekorKey));

        // the RFC 3161 timestamp: a TimeStampResp with status granted (0)
        byte[] ts = b64(b.at("/verificationMaterial/timestampVerificationData/rfc3161Timestamps/0/signedTimestamp")
                .asString());
        ASN1Sequence resp = ASN1Sequence.getInstance(ts);
        assertEquals(
                0,
                ASN1Integer.getInstance(
                                ASN1Sequence.getInstance(resp.getObjectAt(0)).getObjectAt(0))
                        .intValueExact());
        TimeStampToken token = new TimeStampResponse(ts).getTimeStampToken();
        X509Certificate tsaLeaf = cert(b64(root.at("/timestampAuthorities/0/certChain/certificates/0/rawBytes")
                .asString()));
        X509Certificate tsaRoot = cert(b64(root.at("/timestampAuthorities/0/certChain/certificates/1/rawBytes")
                .asString()));
        tsaLeaf.verify(tsaRoot.getPublicKey());
        assertTrue(tsaLeaf.getCriticalExtensionOIDs().contains("2.5.29.37"));
        token.validate(new JcaSimpleSignerInfoVerifierBuilder().build(tsaLeaf));
        assertArrayEquals(sha256(sig), token.getTimeStampInfo().getMessageImprintDigest());
        assertEquals(NOW, token.getTimeStampInfo().getGenTime().toInstant());
        assertEquals(1, token.getCertificates().getMatches(null).size());
    }

    @Test
    void brokenVariantsAreBrokenWhereTheySayAndNowhereElse() throws Exception {
        Signer signer = sigstore.keyless("someone@example.com", ISSUER);
        PublicKey rekorKey = logKey(root.at("/tlogs/0"));
        PublicKey ctKey = logKey(root.at("/ctlogs/0"));
        X509Certificate intermediate = cert(sigstore.intermediateCertificateDer());

        JsonNode foreignSet =
                read(signer.bundle(artifact, BundleOptions.defaults().withForeignSetKey(true)));
        JsonNode e = foreignSet.at("/verificationMaterial/tlogEntries/0");
        assertFalse(setVerifies(e, rekorKey));
        assertTrue(checkpointVerifies(e, rekorKey));

        JsonNode foreignCp =
                read(signer.bundle(artifact, BundleOptions.defaults().withForeignCheckpointKey(true)));
        e = foreignCp.at("/verificationMaterial/tlogEntries/0");
        assertTrue(setVerifies(e, rekorKey));
        assertFalse(checkpointVerifies(e, rekorKey));

        JsonNode foreignSct =
                read(signer.bundle(artifact, BundleOptions.defaults().withForeignSctKey(true)));
        X509Certificate bad = cert(
                b64(foreignSct.at("/verificationMaterial/certificate/rawBytes").asString()));
        bad.verify(intermediate.getPublicKey());
        assertEquals(
                "someone@example.com",
                bad.getSubjectAlternativeNames().iterator().next().get(1));
        assertFalse(sctVerifies(bad, intermediate, ctKey));
        assertTrue(sctVerifies(cert(signer.certificateDer()), intermediate, ctKey));

        JsonNode noSct = read(signer.bundle(artifact, BundleOptions.defaults().withOmitSct(true)));
        assertNull(
                cert(b64(noSct.at("/verificationMaterial/certificate/rawBytes").asString()))
                        .getExtensionValue(SCT_OID.getId()));

        JsonNode badSig = read(signer.bundle(
                artifact, BundleOptions.defaults().withSignatureOverride(new byte[] {0x30, 0x06, 2, 1, 1, 2, 1, 1})));
        assertFalse(verify(
                signer.publicKey(),
                artifact,
                b64(badSig.at("/messageSignature/signature").asString())));

        JsonNode other = read(signer.bundle(
                artifact,
                BundleOptions.defaults()
                        .withLoggedDigestOverride(sha256("other".getBytes(StandardCharsets.UTF_8)))
                        .withIncludePromise(false)
                        .withVersion("0.1")));
        assertEquals(
                "application/vnd.dev.sigstore.bundle+json;version=0.1",
                other.get("mediaType").asString());
        assertEquals(
                3,
                other.at("/verificationMaterial/x509CertificateChain/certificates")
                        .size());
        e = other.at("/verificationMaterial/tlogEntries/0");
        assertTrue(e.get("inclusionPromise") == null);
        String body = new String(b64(e.get("canonicalizedBody").asString()), StandardCharsets.UTF_8);
        assertTrue(body.contains(HexFormat.of().formatHex(sha256("other".getBytes(StandardCharsets.UTF_8)))));
        assertTrue(proofVerifies(e, b64(e.get("canonicalizedBody").asString())));

        JsonNode noCert = read(signer.bundle(
                artifact,
                BundleOptions.defaults()
                        .withRfc3161Timestamp(true)
                        .withEmbedTsaCertificate(false)
                        .withIntegratedTime(NOW.plusSeconds(3600))));
        TimeStampToken t = new TimeStampResponse(b64(
                        noCert.at("/verificationMaterial/timestampVerificationData/rfc3161Timestamps/0/signedTimestamp")
                                .asString()))
                .getTimeStampToken();
        assertEquals(0, t.getCertificates().getMatches(null).size());
        assertEquals(NOW.plusSeconds(3600), t.getTimeStampInfo().getGenTime().toInstant());
        t.validate(new JcaSimpleSignerInfoVerifierBuilder().build(cert(sigstore.tsaCertificateDer())));
    }

    @Test
    void dsseAndManagedKeyBundles() throws Exception {
        Signer signer = sigstore.managedKey();
        assertThrows(IllegalStateException.class, signer::certificateDer);
        assertTrue(signer.publicKeyPem().startsWith("-----BEGIN PUBLIC KEY-----\n"));
        JsonNode b = read(signer.dsseBundle(artifact, "plugin.jar", BundleOptions.defaults()));
        assertEquals(
                Base64.getEncoder().encodeToString(sha256(signer.publicKey().getEncoded())),
                b.at("/verificationMaterial/publicKey/hint").asString());
        JsonNode env = b.get("dsseEnvelope");
        byte[] payload = b64(env.get("payload").asString());
        JsonNode statement = read(new String(payload, StandardCharsets.UTF_8));
        assertEquals("https://in-toto.io/Statement/v1", statement.get("_type").asString());
        assertEquals("plugin.jar", statement.at("/subject/0/name").asString());
        assertEquals(
                HexFormat.of().formatHex(sha256(artifact)),
                statement.at("/subject/0/digest/sha256").asString());
        String type = env.get("payloadType").asString();
        assertEquals("application/vnd.in-toto+json", type);
        ByteArrayOutputStream pae = new ByteArrayOutputStream();
        pae.writeBytes(
                ("DSSEv1 " + type.length() + " " + type + " " + payload.length + " ").getBytes(StandardCharsets.UTF_8));
        pae.writeBytes(payload);
        byte[] sig = b64(env.at("/signatures/0/sig").asString());
        assertTrue(verify(signer.publicKey(), pae.toByteArray(), sig));
        assertEquals("", env.at("/signatures/0/keyid").asString());

        JsonNode e = b.at("/verificationMaterial/tlogEntries/0");
        byte[] bodyBytes = b64(e.get("canonicalizedBody").asString());
        JsonNode body = read(new String(bodyBytes, StandardCharsets.UTF_8));
        assertEquals("dsse", body.get("kind").asString());
        assertEquals(
                HexFormat.of().formatHex(sha256(payload)),
                body.at("/spec/payloadHash/value").asString());
        assertEquals(
                env.at("/signatures/0/sig").asString(),
                body.at("/spec/signatures/0/signature").asString());
        assertEquals(
                signer.publicKeyPem(),
                new String(b64(body.at("/spec/signatures/0/verifier").asString()), StandardCharsets.UTF_8));
        PublicKey rekorKey = logKey(root.at("/tlogs/0"));
        assertTrue(setVerifies(e, rekorKey));
        assertTrue(proofVerifies(e, bodyBytes));
        assertTrue(checkpointVerifies(e, rekorKey));
    }

    @Test
    void trustedRootShapeAndOptions() throws Exception {
        assertEquals(
                "application/vnd.dev.sigstore.trustedroot+json;version=0.1",
                root.get("mediaType").asString());
        assertEquals("https://rekor.test.example", root.at("/tlogs/0/baseUrl").asString());
        assertEquals("https://ctfe.test.example", root.at("/ctlogs/0/baseUrl").asString());
        assertEquals(
                "PKIX_ECDSA_P256_SHA_256",
                root.at("/tlogs/0/publicKey/keyDetails").asString());
        assertEquals(
                NOW.minusSeconds(86400).toString(),
                root.at("/tlogs/0/publicKey/validFor/start").asString());
        assertTrue(root.at("/tlogs/0/publicKey/validFor/end").isMissingNode());
        assertEquals(
                Base64.getEncoder()
                        .encodeToString(sha256(sigstore.rekorPublicKey().getEncoded())),
                root.at("/tlogs/0/logId/keyId").asString());
        assertEquals(
                2, root.at("/certificateAuthorities/0/certChain/certificates").size());
        assertEquals(
                2, root.at("/timestampAuthorities/0/certChain/certificates").size());

        JsonNode altered = read(sigstore.trustedRootJson(TrustedRootOptions.defaults()
                .withTlogValidFor(new ValidFor(null, NOW))
                .withTimestampAuthorities(false)));
        assertTrue(altered.at("/tlogs/0/publicKey/validFor/start").isMissingNode());
        assertEquals(
                NOW.toString(), altered.at("/tlogs/0/publicKey/validFor/end").asString());
        assertEquals(0, altered.get("timestampAuthorities").size());
    }

    // ---- independent checks

    /** RFC 6962 §3.2: the SCT signs the leaf's TBSCertificate with the SCT list removed. */
    static boolean sctVerifies(X509Certificate leaf, X509Certificate issuer, PublicKey ctKey) throws Exception {
        byte[] list = ASN1OctetString.getInstance(ASN1OctetString.getInstance(leaf.getExtensionValue(SCT_OID.getId()))
                        .getOctets())
                .getOctets();
        ByteBuffer in = ByteBuffer.wrap(list);
        assertEquals(list.length - 2, Short.toUnsignedInt(in.getShort()));
        int sctLength = Short.toUnsignedInt(in.getShort());
        assertEquals(list.length - 4, sctLength);
        assertEquals(0, in.get());
        byte[] logId = new byte[32];
        in.get(logId);
        assertArrayEquals(sha256(ctKey.getEncoded()), logId);
        long timestamp = in.getLong();
        assertEquals(0, in.getShort());
        assertEquals(4, in.get());
        assertEquals(3, in.get());
        byte[] sig = new byte[Short.toUnsignedInt(in.getShort())];
        in.get(sig);
        assertFalse(in.hasRemaining());

        byte[] tbs = precertTbs(Certificate.getInstance(leaf.getEncoded()));
        ByteArrayOutputStream signed = new ByteArrayOutputStream();
        signed.write(0);
        signed.write(0);
        signed.writeBytes(ByteBuffer.allocate(8).putLong(timestamp).array());
        signed.writeBytes(new byte[] {0, 1});
        signed.writeBytes(sha256(issuer.getPublicKey().getEncoded()));
        signed.writeBytes(new byte[] {(byte) (tbs.length >> 16), (byte) (tbs.length >> 8), (byte) tbs.length});
        signed.writeBytes(tbs);
        signed.writeBytes(new byte[] {0, 0});
        return verify(ctKey, signed.toByteArray(), sig);
    }

    static byte[] precertTbs(Certificate cert) throws Exception {
        ASN1Sequence tbs = ASN1Sequence.getInstance(cert.getTBSCertificate().getEncoded());
        ASN1EncodableVector fields = new ASN1EncodableVector();
        for (var f : tbs) {
            if (f instanceof ASN1TaggedObject t && t.getTagNo() == 3) {
                ASN1EncodableVector kept = new ASN1EncodableVector();
                for (var ext : ASN1Sequence.getInstance(t.getExplicitBaseObject())) {
                    if (!Extension.getInstance(ext).getExtnId().equals(SCT_OID)) {
                        kept.add(ext);
                    }
                }
                fields.add(new DERTaggedObject(true, 3, new DERSequence(kept)));
            } else {
                fields.add(f);
            }
        }
        return new DERSequence(fields).getEncoded("DER");
    }

    static boolean setVerifies(JsonNode entry, PublicKey rekorKey) throws Exception {
        String canonical = "{\"body\":\"" + entry.get("canonicalizedBody").asString()
                + "\",\"integratedTime\":" + entry.get("integratedTime").asString()
                + ",\"logID\":\""
                + HexFormat.of().formatHex(b64(entry.at("/logId/keyId").asString()))
                + "\",\"logIndex\":" + entry.get("logIndex").asString() + "}";
        return verify(
                rekorKey,
                canonical.getBytes(StandardCharsets.UTF_8),
                b64(entry.at("/inclusionPromise/signedEntryTimestamp").asString()));
    }

    /** RFC 9162 §2.1.3.2 inclusion proof verification. */
    static boolean proofVerifies(JsonNode entry, byte[] body) throws Exception {
        JsonNode p = entry.get("inclusionProof");
        long index = Long.parseLong(p.get("logIndex").asString());
        long size = Long.parseLong(p.get("treeSize").asString());
        assertEquals(entry.get("logIndex").asString(), p.get("logIndex").asString());
        assertTrue(size >= 7 && index < size);
        List<byte[]> path = new ArrayList<>();
        p.get("hashes").forEach(h -> path.add(b64(h.asString())));
        long fn = index;
        long sn = size - 1;
        byte[] r = sha256(new byte[] {0}, body);
        for (byte[] h : path) {
            if (sn == 0) {
                return false;
            }
            if ((fn & 1) == 1 || fn == sn) {
                r = sha256(new byte[] {1}, h, r);
                while ((fn & 1) == 0 && fn != 0) {
                    fn >>= 1;
                    sn >>= 1;
                }
            } else {
                r = sha256(new byte[] {1}, r, h);
            }
            fn >>= 1;
            sn >>= 1;
        }
        return sn == 0 && Arrays.equals(r, b64(p.get("rootHash").asString()));
    }

    static boolean checkpointVerifies(JsonNode entry, PublicKey rekorKey) throws Exception {
        JsonNode p = entry.get("inclusionProof");
        String envelope = p.at("/checkpoint/envelope").asString();
        int blank = envelope.indexOf("\n\n");
        String text = envelope.substring(0, blank + 1);
        assertEquals(
                "rekor.test.example - 1234567890\n" + p.get("treeSize").asString() + "\n"
                        + p.get("rootHash").asString() + "\n",
                text);
        String sigLine = envelope.substring(blank + 2);
        String prefix = "\u2014 rekor.test.example ";
        assertTrue(sigLine.startsWith(prefix) && sigLine.endsWith("\n"));
        byte[] hintAndSig = b64(sigLine.substring(prefix.length(), sigLine.length() - 1));
        assertArrayEquals(Arrays.copyOf(sha256(rekorKey.getEncoded()), 4), Arrays.copyOf(hintAndSig, 4));
        return verify(
                rekorKey, text.getBytes(StandardCharsets.UTF_8), Arrays.copyOfRange(hintAndSig, 4, hintAndSig.length));
    }

    // ---- plumbing

    static JsonNode read(String json) {
        return JsonMapper.shared().readTree(json);
    }

    static byte[] b64(String s) {
        return Base64.getDecoder().decode(s);
    }

    static X509Certificate cert(byte[] der) throws Exception {
        return (X509Certificate)
                CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
    }

    static PublicKey logKey(JsonNode log) throws Exception {
        return KeyFactory.getInstance("EC")
                .generatePublic(
                        new X509EncodedKeySpec(b64(log.at("/publicKey/rawBytes").asString())));
    }

    static boolean verify(PublicKey key, byte[] data, byte[] sig) throws Exception {
        Signature s = Signature.getInstance("SHA256withECDSA");
        s.initVerify(key);
        s.update(data);
        try {
            return s.verify(sig);
        } catch (SignatureException e) {
            return false;
        }
    }

    static byte[] sha256(byte[]... parts) throws Exception {
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        for (byte[] p : parts) {
            d.update(p);
        }
        return d.digest();
    }
}
