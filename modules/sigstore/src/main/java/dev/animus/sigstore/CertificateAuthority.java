package dev.animus.sigstore;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * A certificate authority (Fulcio) or timestamp authority of the trusted root.
 *
 * @param uri its URI, or empty
 * @param chain its certificates, the issuing (or, for a TSA, the signing) certificate first, the root last
 * @param validFor when certificates it issued (or timestamps it made) may be trusted
 */
public record CertificateAuthority(String uri, List<X509Certificate> chain, Validity validFor) {
    public CertificateAuthority {
        Objects.requireNonNull(uri, "uri");
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a certificate authority has at least one certificate");
        }
        Objects.requireNonNull(validFor, "validFor");
    }

    @Override
    public String toString() {
        return (uri.isEmpty() ? chain.getFirst().getSubjectX500Principal().getName() : uri) + " (valid " + validFor
                + ")";
    }
}
