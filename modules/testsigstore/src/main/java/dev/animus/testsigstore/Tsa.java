package dev.animus.testsigstore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cms.SignerInfoGenerator;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.DigestCalculator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.tsp.TSPAlgorithms;
import org.bouncycastle.tsp.TSPException;
import org.bouncycastle.tsp.TimeStampRequest;
import org.bouncycastle.tsp.TimeStampRequestGenerator;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampResponseGenerator;
import org.bouncycastle.tsp.TimeStampTokenGenerator;

/** An RFC 3161 timestamp authority: answers with a DER TimeStampResp, as Sigstore bundles hold. */
final class Tsa {
    static final ASN1ObjectIdentifier POLICY = new ASN1ObjectIdentifier("1.3.6.1.4.1.57264.2");

    private Tsa() {}

    /** A granted TimeStampResp over SHA-256 of {@code data}, the leaf embedded or not. */
    static byte[] timestamp(
            byte[] data, Instant genTime, boolean embedCertificate, X509CertificateHolder leaf, PrivateKey leafKey) {
        try {
            var digests = new JcaDigestCalculatorProviderBuilder().build();
            SignerInfoGenerator signerInfo = new JcaSimpleSignerInfoGeneratorBuilder()
                    .build("SHA256withECDSA", leafKey, new JcaX509CertificateConverter().getCertificate(leaf));
            DigestCalculator essHash = digests.get(new AlgorithmIdentifier(NISTObjectIdentifiers.id_sha256));
            TimeStampTokenGenerator tokens = new TimeStampTokenGenerator(signerInfo, essHash, POLICY);
            if (embedCertificate) {
                tokens.addCertificates(new JcaCertStore(List.of(leaf)));
            }
            TimeStampRequestGenerator requests = new TimeStampRequestGenerator();
            requests.setCertReq(embedCertificate);
            BigInteger nonce = new BigInteger(63, Crypto.RANDOM);
            TimeStampRequest request = requests.generate(TSPAlgorithms.SHA256, Crypto.sha256(data), nonce);
            TimeStampResponseGenerator responses = new TimeStampResponseGenerator(tokens, TSPAlgorithms.ALLOWED);
            TimeStampResponse response =
                    responses.generate(request, new BigInteger(63, Crypto.RANDOM), Date.from(genTime));
            return response.getEncoded(ASN1Encoding.DER);
        } catch (OperatorCreationException | CertificateException | TSPException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
