package dev.animus.testsigstore;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import org.bouncycastle.cert.X509CertificateHolder;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Signs artifacts through a {@link TestSigstore} and returns Sigstore bundle JSON: keyless (an
 * ephemeral key and a Fulcio-like certificate) or with a managed key (no certificate). Every
 * bundle is logged in the instance's Rekor-like log; {@link BundleOptions} breaks or varies it.
 */
public final class Signer {
    private static final String IN_TOTO = "application/vnd.in-toto+json";

    private final TestSigstore sigstore;
    private final KeyPair key;
    private final String identity;
    private final String issuer;
    private final Map<Fulcio.SctMode, X509CertificateHolder> certificates = new EnumMap<>(Fulcio.SctMode.class);

    Signer(TestSigstore sigstore, KeyPair key, String identity, String issuer) {
        this.sigstore = sigstore;
        this.key = key;
        this.identity = identity;
        this.issuer = issuer;
        if (identity != null) {
            certificate(Fulcio.SctMode.GOOD);
        }
    }

    /** The signing public key. */
    public PublicKey publicKey() {
        return key.getPublic();
    }

    /** The public key as a {@code -----BEGIN PUBLIC KEY-----} PEM (SPKI). */
    public String publicKeyPem() {
        return Crypto.pem("PUBLIC KEY", key.getPublic().getEncoded());
    }

    /** The leaf certificate (with a good SCT), DER; keyless signers only. */
    public byte[] certificateDer() {
        if (identity == null) {
            throw new IllegalStateException("a managed-key signer has no certificate");
        }
        return Certs.der(certificate(Fulcio.SctMode.GOOD));
    }

    /** A correct v0.3 message-signature bundle over {@code artifact}. */
    public String bundle(byte[] artifact) {
        return bundle(artifact, BundleOptions.defaults());
    }

    /** A message-signature bundle over {@code artifact}, logged as hashedrekord 0.0.1. */
    public String bundle(byte[] artifact, BundleOptions options) {
        byte[] digest = Crypto.sha256(artifact);
        byte[] signature = signatureFor(artifact, options);
        X509CertificateHolder cert = identity == null ? null : certificate(mode(options));
        byte[] logged = options.loggedDigestOverride() == null ? digest : options.loggedDigestOverride();

        // canonical JSON: keys sorted, no whitespace
        JsonMapper json = JsonMapper.shared();
        ObjectNode body = json.createObjectNode();
        body.put("apiVersion", "0.0.1");
        body.put("kind", "hashedrekord");
        ObjectNode spec = body.putObject("spec");
        spec.putObject("data").putObject("hash").put("algorithm", "sha256").put("value", Crypto.hex(logged));
        ObjectNode sig = spec.putObject("signature");
        sig.put("content", Crypto.b64(signature));
        sig.putObject("publicKey").put("content", Crypto.b64(Crypto.utf8(verifierPem(cert))));

        ObjectNode bundle = envelope(json, cert, json.writeValueAsBytes(body), "hashedrekord", signature, options);
        ObjectNode ms = bundle.putObject("messageSignature");
        ms.putObject("messageDigest").put("algorithm", "SHA2_256").put("digest", Crypto.b64(digest));
        ms.put("signature", Crypto.b64(signature));
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(bundle);
    }

    /**
     * A DSSE bundle: an in-toto Statement v1 whose one subject is {@code subjectName} with the
     * SHA-256 of {@code artifact}, signed over the DSSE PAE and logged as dsse 0.0.1.
     */
    public String dsseBundle(byte[] artifact, String subjectName, BundleOptions options) {
        JsonMapper json = JsonMapper.shared();
        ObjectNode statement = json.createObjectNode();
        statement.put("_type", "https://in-toto.io/Statement/v1");
        ObjectNode subject = statement.putArray("subject").addObject();
        subject.put("name", subjectName);
        subject.putObject("digest").put("sha256", Crypto.hex(Crypto.sha256(artifact)));
        statement.put("predicateType", "https://slsa.dev/provenance/v1");
        statement.putObject("predicate");
        byte[] payload = json.writeValueAsBytes(statement);
        byte[] signature = signatureFor(pae(IN_TOTO, payload), options);
        X509CertificateHolder cert = identity == null ? null : certificate(mode(options));

        ObjectNode dsse = json.createObjectNode();
        dsse.put("payload", Crypto.b64(payload));
        dsse.put("payloadType", IN_TOTO);
        ObjectNode s = dsse.putArray("signatures").addObject();
        s.put("keyid", "");
        s.put("sig", Crypto.b64(signature));
        byte[] envelopeJson = json.writeValueAsBytes(dsse); // keys already sorted
        byte[] payloadHash =
                options.loggedDigestOverride() == null ? Crypto.sha256(payload) : options.loggedDigestOverride();

        ObjectNode body = json.createObjectNode();
        body.put("apiVersion", "0.0.1");
        body.put("kind", "dsse");
        ObjectNode spec = body.putObject("spec");
        spec.putObject("envelopeHash").put("algorithm", "sha256").put("value", Crypto.hex(Crypto.sha256(envelopeJson)));
        spec.putObject("payloadHash").put("algorithm", "sha256").put("value", Crypto.hex(payloadHash));
        ObjectNode logged = spec.putArray("signatures").addObject();
        logged.put("signature", Crypto.b64(signature));
        logged.put("verifier", Crypto.b64(Crypto.utf8(verifierPem(cert))));

        ObjectNode bundle = envelope(json, cert, json.writeValueAsBytes(body), "dsse", signature, options);
        bundle.set("dsseEnvelope", dsse);
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(bundle);
    }

    /** DSSE v1 pre-authentication encoding. */
    static byte[] pae(String type, byte[] payload) {
        byte[] t = type.getBytes(StandardCharsets.UTF_8);
        String head = "DSSEv1 " + t.length + " " + type + " " + payload.length + " ";
        byte[] h = head.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[h.length + payload.length];
        System.arraycopy(h, 0, out, 0, h.length);
        System.arraycopy(payload, 0, out, h.length, payload.length);
        return out;
    }

    private byte[] signatureFor(byte[] data, BundleOptions options) {
        return options.signatureOverride() != null ? options.signatureOverride() : Crypto.sign(key.getPrivate(), data);
    }

    private static Fulcio.SctMode mode(BundleOptions options) {
        if (options.omitSct()) {
            return Fulcio.SctMode.NONE;
        }
        return options.foreignSctKey() ? Fulcio.SctMode.FOREIGN_KEY : Fulcio.SctMode.GOOD;
    }

    private String verifierPem(X509CertificateHolder cert) {
        return cert == null ? publicKeyPem() : Crypto.pem("CERTIFICATE", Certs.der(cert));
    }

    /** mediaType and verificationMaterial (certificate or key, tlog entry, timestamp). */
    private ObjectNode envelope(
            JsonMapper json,
            X509CertificateHolder cert,
            byte[] body,
            String kind,
            byte[] signature,
            BundleOptions options) {
        ObjectNode bundle = json.createObjectNode();
        bundle.put(
                "mediaType",
                switch (options.version()) {
                    case "0.1" -> "application/vnd.dev.sigstore.bundle+json;version=0.1";
                    case "0.2" -> "application/vnd.dev.sigstore.bundle+json;version=0.2";
                    default -> "application/vnd.dev.sigstore.bundle.v0.3+json";
                });
        ObjectNode vm = bundle.putObject("verificationMaterial");
        if (cert == null) {
            vm.putObject("publicKey")
                    .put("hint", Crypto.b64(Crypto.sha256(key.getPublic().getEncoded())));
        } else if (options.version().equals("0.3")) {
            vm.putObject("certificate").put("rawBytes", Crypto.b64(Certs.der(cert)));
        } else {
            ArrayNode chain = vm.putObject("x509CertificateChain").putArray("certificates");
            for (X509CertificateHolder c :
                    new X509CertificateHolder[] {cert, sigstore.intermediate(), sigstore.root()}) {
                chain.addObject().put("rawBytes", Crypto.b64(Certs.der(c)));
            }
        }
        Instant integrated = options.integratedTime() == null ? sigstore.now() : options.integratedTime();
        ArrayNode entries = vm.putArray("tlogEntries");
        if (options.includeTlogEntry()) {
            entries.add(sigstore.rekor().entry(body, kind, integrated, options));
        }
        if (options.rfc3161Timestamp()) {
            Instant genTime = options.timestampTime() == null ? integrated : options.timestampTime();
            vm.putObject("timestampVerificationData")
                    .putArray("rfc3161Timestamps")
                    .addObject()
                    .put(
                            "signedTimestamp",
                            Crypto.b64(sigstore.timestamp(signature, genTime, options.embedTsaCertificate())));
        }
        return bundle;
    }

    private X509CertificateHolder certificate(Fulcio.SctMode mode) {
        return certificates.computeIfAbsent(
                mode,
                m -> Fulcio.issue(
                        key.getPublic(),
                        identity,
                        issuer,
                        sigstore.now().minus(Duration.ofMinutes(1)),
                        sigstore.intermediate(),
                        sigstore.intermediateKeys().getPrivate(),
                        sigstore.ctKeys(),
                        m));
    }
}
