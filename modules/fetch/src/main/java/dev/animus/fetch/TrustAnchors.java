package dev.animus.fetch;

import dev.animus.core.Plural;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Which certificate authorities a {@link Fetcher} trusts: the JDK's default ones, or only the PEM
 * certificates of one file ({@code ANIMUS_CA_CERTS}, so tests can run against a local HTTPS server
 * on loopback). Immutable.
 */
public final class TrustAnchors {
    /** The environment variable naming a PEM file whose certificates replace the JDK's default CAs. */
    public static final String ENVIRONMENT_VARIABLE = "ANIMUS_CA_CERTS";

    private static final Pattern PEM_CERTIFICATE =
            Pattern.compile("-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\\s]*?)-----END CERTIFICATE-----");

    private final SSLContext context;
    private final String description;

    private TrustAnchors(SSLContext context, String description) {
        this.context = context;
        this.description = description;
    }

    /** The JDK's default trust store (its {@code cacerts}, or what {@code javax.net.ssl.trustStore} names). */
    public static TrustAnchors jdkDefault() {
        try {
            return new TrustAnchors(SSLContext.getDefault(), "the JDK's default certificate authorities");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no default TLS context", e);
        }
    }

    /**
     * Only the certificates of {@code pem} (one or more {@code BEGIN CERTIFICATE} blocks; text
     * between them is ignored), none of the JDK's.
     *
     * @throws UncheckedIOException when the file cannot be read
     * @throws IllegalArgumentException naming the file when it holds no certificate or one that does
     *     not parse
     */
    public static TrustAnchors fromPemFile(Path pem) {
        Objects.requireNonNull(pem, "pem");
        List<Certificate> certificates = read(pem);
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (int i = 0; i < certificates.size(); i++) {
                store.setCertificateEntry("anchor-" + i, certificates.get(i));
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return new TrustAnchors(
                    context, "only the " + Plural.of(certificates.size(), "certificate") + " of " + pem);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("could not build a TLS context trusting " + pem, e);
        }
    }

    /** {@link #fromPemFile} of {@code ANIMUS_CA_CERTS} when it is set and not empty; else {@link #jdkDefault()}. */
    public static TrustAnchors fromEnvironment(Map<String, String> environment) {
        String pem = environment.getOrDefault(ENVIRONMENT_VARIABLE, "");
        return pem.isEmpty() ? jdkDefault() : fromPemFile(Path.of(pem));
    }

    /** The TLS context that trusts these anchors and nothing else. */
    public SSLContext sslContext() {
        return context;
    }

    /** What is trusted, for diagnostics. */
    @Override
    public String toString() {
        return description;
    }

    private static List<Certificate> read(Path pem) {
        String text;
        try {
            text = Files.readString(pem, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the trusted certificates file " + pem, e);
        }
        List<Certificate> certificates = new ArrayList<>();
        Matcher m = PEM_CERTIFICATE.matcher(text);
        while (m.find()) {
            try {
                byte[] der = Base64.getMimeDecoder().decode(m.group(1));
                certificates.add(
                        CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der)));
            } catch (CertificateException | IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "certificate " + (certificates.size() + 1) + " of " + pem + " does not parse: "
                                + e.getMessage(),
                        e);
            }
        }
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException(pem + " holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
        }
        return List.copyOf(certificates);
    }
}
