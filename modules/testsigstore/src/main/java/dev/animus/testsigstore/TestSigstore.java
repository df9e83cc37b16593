package dev.animus.testsigstore;

import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.cert.X509CertificateHolder;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A Sigstore-like public-good instance made at test time with fresh keys: a Fulcio-like CA
 * (ECDSA P-384 root and intermediate), a CT log (P-256), a Rekor v1-like log (P-256) and an
 * RFC 3161 timestamp authority (P-256 root and leaf). It writes the trusted root JSON that names
 * them and hands out {@link Signer}s whose bundles verify against that root, or deliberately do
 * not. For tests only.
 */
public final class TestSigstore {
    static final String FULCIO_URL = "https://fulcio.test.example";
    static final String CTFE_URL = "https://ctfe.test.example";
    static final String TSA_URL = "https://tsa.test.example/api/v1/timestamp";
    static final String ORGANIZATION = "sigstore.test.example";

    private final Instant now;
    private final Instant start;
    private final KeyPair rootKeys = Crypto.p384();
    private final KeyPair intermediateKeys = Crypto.p384();
    private final KeyPair ctKeys = Crypto.p256();
    private final KeyPair rekorKeys = Crypto.p256();
    private final KeyPair tsaRootKeys = Crypto.p256();
    private final KeyPair tsaLeafKeys = Crypto.p256();
    private final X509CertificateHolder root;
    private final X509CertificateHolder intermediate;
    private final X509CertificateHolder tsaRoot;
    private final X509CertificateHolder tsaLeaf;
    private final Rekor rekor;

    private TestSigstore(Instant now) {
        this.now = now.truncatedTo(ChronoUnit.SECONDS);
        this.start = this.now.minus(Duration.ofDays(1));
        X500Name rootName = Certs.name(ORGANIZATION, "sigstore");
        root = Certs.ca(rootName, rootKeys, null, null, start, 1, false, Fulcio.SIG_ALG);
        intermediate = Certs.ca(
                Certs.name(ORGANIZATION, "sigstore-intermediate"),
                intermediateKeys,
                root,
                rootKeys.getPrivate(),
                start,
                0,
                true,
                Fulcio.SIG_ALG);
        tsaRoot = Certs.ca(
                Certs.name(ORGANIZATION, "sigstore-tsa-root"),
                tsaRootKeys,
                null,
                null,
                start,
                0,
                false,
                "SHA256withECDSA");
        tsaLeaf = Certs.tsaLeaf(
                Certs.name(ORGANIZATION, "sigstore-tsa"),
                tsaLeafKeys.getPublic(),
                tsaRoot,
                tsaRootKeys.getPrivate(),
                start);
        rekor = new Rekor(rekorKeys);
    }

    /** A new instance whose keys and certificates are valid from one day before {@code now}. */
    public static TestSigstore create(Instant now) {
        return new TestSigstore(now);
    }

    /** The instant given to {@link #create}, truncated to whole seconds. */
    public Instant now() {
        return now;
    }

    /** The trusted root JSON naming this instance's CA, logs and TSA. */
    public String trustedRootJson() {
        return trustedRootJson(TrustedRootOptions.defaults());
    }

    /** The trusted root JSON, altered as {@code options} says. */
    public String trustedRootJson(TrustedRootOptions options) {
        JsonMapper json = JsonMapper.shared();
        ObjectNode r = json.createObjectNode();
        r.put("mediaType", "application/vnd.dev.sigstore.trustedroot+json;version=0.1");
        ArrayNode tlogs = r.putArray("tlogs");
        if (options.includeTlogs()) {
            tlogs.add(log(Rekor.BASE_URL, rekorKeys.getPublic(), options.tlogValidFor()));
        }
        ArrayNode cas = r.putArray("certificateAuthorities");
        if (options.includeCertificateAuthorities()) {
            cas.add(authority(root, FULCIO_URL, options.certificateAuthorityValidFor(), intermediate, root));
        }
        ArrayNode ctlogs = r.putArray("ctlogs");
        if (options.includeCtlogs()) {
            ctlogs.add(log(CTFE_URL, ctKeys.getPublic(), options.ctlogValidFor()));
        }
        ArrayNode tsas = r.putArray("timestampAuthorities");
        if (options.includeTimestampAuthorities()) {
            tsas.add(authority(tsaLeaf, TSA_URL, options.timestampAuthorityValidFor(), tsaLeaf, tsaRoot));
        }
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(r);
    }

    /** A keyless signer for {@code identity} (a URI, or an e-mail address) from {@code issuer}. */
    public Signer keyless(String identity, String issuer) {
        return new Signer(this, Crypto.p256(), identity, issuer);
    }

    /** A managed-key signer: a fresh P-256 key and no certificate. */
    public Signer managedKey() {
        return new Signer(this, Crypto.p256(), null, null);
    }

    /** The Fulcio-like root certificate, DER. */
    public byte[] rootCertificateDer() {
        return Certs.der(root);
    }

    /** The Fulcio-like intermediate certificate, DER. */
    public byte[] intermediateCertificateDer() {
        return Certs.der(intermediate);
    }

    /** The TSA leaf certificate, DER. */
    public byte[] tsaCertificateDer() {
        return Certs.der(tsaLeaf);
    }

    /** The TSA root certificate, DER. */
    public byte[] tsaRootCertificateDer() {
        return Certs.der(tsaRoot);
    }

    /** The Rekor log's public key. */
    public PublicKey rekorPublicKey() {
        return rekorKeys.getPublic();
    }

    /** The CT log's public key. */
    public PublicKey ctLogPublicKey() {
        return ctKeys.getPublic();
    }

    X509CertificateHolder intermediate() {
        return intermediate;
    }

    X509CertificateHolder root() {
        return root;
    }

    KeyPair intermediateKeys() {
        return intermediateKeys;
    }

    KeyPair ctKeys() {
        return ctKeys;
    }

    Rekor rekor() {
        return rekor;
    }

    byte[] timestamp(byte[] data, Instant genTime, boolean embedCertificate) {
        return Tsa.timestamp(data, genTime, embedCertificate, tsaLeaf, tsaLeafKeys.getPrivate());
    }

    private ObjectNode log(String baseUrl, PublicKey key, ValidFor validFor) {
        ObjectNode log = JsonMapper.shared().createObjectNode();
        log.put("baseUrl", baseUrl);
        log.put("hashAlgorithm", "SHA2_256");
        ObjectNode pk = log.putObject("publicKey");
        pk.put("rawBytes", Crypto.b64(key.getEncoded()));
        pk.put("keyDetails", "PKIX_ECDSA_P256_SHA_256");
        putValidFor(pk, validFor);
        log.putObject("logId").put("keyId", Crypto.b64(Crypto.sha256(key.getEncoded())));
        return log;
    }

    private ObjectNode authority(
            X509CertificateHolder named, String uri, ValidFor validFor, X509CertificateHolder... chain) {
        ObjectNode a = JsonMapper.shared().createObjectNode();
        ObjectNode subject = a.putObject("subject");
        subject.put("organization", ORGANIZATION);
        subject.put("commonName", commonName(named));
        a.put("uri", uri);
        ArrayNode certs = a.putObject("certChain").putArray("certificates");
        for (X509CertificateHolder c : chain) {
            certs.addObject().put("rawBytes", Crypto.b64(Certs.der(c)));
        }
        putValidFor(a, validFor);
        return a;
    }

    private static String commonName(X509CertificateHolder cert) {
        var rdns = cert.getSubject().getRDNs(BCStyle.CN);
        return rdns[0].getFirst().getValue().toString();
    }

    private void putValidFor(ObjectNode parent, ValidFor validFor) {
        ValidFor v = validFor == null ? ValidFor.from(start) : validFor;
        ObjectNode o = parent.putObject("validFor");
        if (v.start() != null) {
            o.put("start", v.start().toString());
        }
        if (v.end() != null) {
            o.put("end", v.end().toString());
        }
    }
}
