package dev.animus.sigstore;

import dev.animus.sigstore.VerificationFailed.Reason;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.tsp.TSPException;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampToken;

/**
 * RFC 3161 timestamps over a signature: the token's imprint is the signature's digest, the token
 * is signed by the first certificate of a timestamp authority of the trusted root, that chain
 * verifies and is valid at the timestamp's time, and the authority's window holds that time.
 * Certificates embedded in the token are never trusted by themselves.
 */
final class Rfc3161 {
    private static final Map<String, String> DIGESTS = Map.of(
            "2.16.840.1.101.3.4.2.1", "SHA-256",
            "2.16.840.1.101.3.4.2.2", "SHA-384",
            "2.16.840.1.101.3.4.2.3", "SHA-512");

    private Rfc3161() {}

    /** The time a timestamp vouches for, once it verified; throws {@link Reason#INVALID_TIMESTAMP} otherwise. */
    static Instant verify(TrustedRoot root, byte[] der, byte[] signature) {
        TimeStampToken token = token(der);
        var info = token.getTimeStampInfo();
        String digest = DIGESTS.get(info.getMessageImprintAlgOID().getId());
        if (digest == null) {
            throw bad("uses the unsupported imprint digest " + info.getMessageImprintAlgOID());
        }
        if (!MessageDigest.isEqual(Crypto.digest(digest, signature), info.getMessageImprintDigest())) {
            throw bad("is for other data than the bundle's signature");
        }
        Instant time = info.getGenTime().toInstant();
        String lastProblem = "the trusted root has no timestamp authority";
        for (CertificateAuthority authority : root.timestampAuthorities()) {
            X509Certificate signer = authority.chain().getFirst();
            try {
                if (!token.getSID().match(new JcaX509CertificateHolder(signer))) {
                    lastProblem = "it is not signed by a trusted timestamp authority";
                    continue;
                }
                token.validate(new JcaSimpleSignerInfoVerifierBuilder().build(signer));
            } catch (TSPException | OperatorCreationException | GeneralSecurityException | RuntimeException e) {
                lastProblem = "it does not verify with " + authority + ": " + e.getMessage();
                continue;
            }
            if (!authority.validFor().contains(time)) {
                lastProblem = "its time " + time + " is outside the validity of " + authority;
                continue;
            }
            String chainProblem = chainProblem(authority.chain(), time);
            if (chainProblem == null) {
                return time;
            }
            lastProblem = chainProblem;
        }
        throw bad("does not verify: " + lastProblem);
    }

    private static String chainProblem(List<X509Certificate> chain, Instant time) {
        for (int i = 0; i < chain.size(); i++) {
            X509Certificate certificate = chain.get(i);
            X509Certificate issuer = i + 1 < chain.size() ? chain.get(i + 1) : certificate;
            try {
                certificate.verify(issuer.getPublicKey());
                certificate.checkValidity(Date.from(time));
            } catch (GeneralSecurityException e) {
                return "the timestamp authority's certificate " + certificate.getSubjectX500Principal()
                        + " does not verify or was not valid at " + time;
            }
        }
        return null;
    }

    private static TimeStampToken token(byte[] der) {
        try {
            TimeStampResponse response = new TimeStampResponse(der);
            if (response.getStatus() > 1) {
                throw bad("is a response with status " + response.getStatus() + ", not a granted timestamp");
            }
            TimeStampToken token = response.getTimeStampToken();
            if (token == null) {
                throw bad("is a response without a token");
            }
            return token;
        } catch (TSPException | IOException | RuntimeException notAResponse) {
            if (notAResponse instanceof VerificationFailed failed) {
                throw failed;
            }
            try {
                return new TimeStampToken(new CMSSignedData(der));
            } catch (TSPException | CMSException | IOException | RuntimeException e) {
                throw bad("is not a DER timestamp response or token: " + e.getMessage());
            }
        }
    }

    private static VerificationFailed bad(String what) {
        return new VerificationFailed(Reason.INVALID_TIMESTAMP, "an RFC 3161 timestamp " + what);
    }
}
