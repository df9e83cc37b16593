package dev.animus.testhttps;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A certificate authority made at test time, and a server certificate it signed for {@code localhost}
 * and {@code 127.0.0.1} (both as subject alternative names).
 *
 * <p>Generated once per JVM, on first use, with the running JDK's own {@code keytool} into a private
 * temporary directory that is removed when the JVM exits (six {@code keytool} runs, about two seconds). Nothing in the
 * production path trusts this CA: a client trusts it only when a test hands it {@link #caPem()} (as
 * {@code ANIMUS_CA_CERTS}) or {@link #clientTrusting()}.
 *
 * <p>Thread-safe: concurrent first calls generate once.
 */
public final class TestCa {
    private static final String STORE_PASSWORD = "animus-test-ca";
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static Optional<TestCa> generated = Optional.empty();

    private final Path caPem;
    private final SSLContext server;
    private final SSLContext client;

    private TestCa(Path caPem, SSLContext server, SSLContext client) {
        this.caPem = caPem;
        this.server = server;
        this.client = client;
    }

    /** The CA certificate as a PEM file: what a test puts in {@code ANIMUS_CA_CERTS}. */
    public static Path caPem() {
        return instance().caPem;
    }

    /** A server-side context presenting the {@code localhost}/{@code 127.0.0.1} certificate and its chain. */
    public static SSLContext serverContext() {
        return instance().server;
    }

    /** A client-side context that trusts this CA and nothing else. */
    public static SSLContext clientTrusting() {
        return instance().client;
    }

    private static TestCa instance() {
        LOCK.lock();
        try {
            if (generated.isEmpty()) {
                generated = Optional.of(generate());
            }
            return generated.get();
        } finally {
            LOCK.unlock();
        }
    }

    private static TestCa generate() {
        try {
            Path dir = Files.createTempDirectory("animus-test-ca-"); // owner-only on POSIX
            dir.toFile().deleteOnExit(); // registered first, so deleted after the files in it
            Path caStore = exitScoped(dir.resolve("ca.p12"));
            Path caPem = exitScoped(dir.resolve("ca.pem"));
            Path serverStore = exitScoped(dir.resolve("server.p12"));
            Path csr = exitScoped(dir.resolve("server.csr"));
            Path serverPem = exitScoped(dir.resolve("server.pem"));

            Keytool.run(
                    "-genkeypair", "-keystore", caStore, "-alias", "ca", "-dname", "CN=Animus Test CA", "-ext", "bc:c");
            KeyStore ca = load(caStore);
            Files.writeString(caPem, pem(ca.getCertificate("ca")), StandardCharsets.US_ASCII);

            Keytool.run("-genkeypair", "-keystore", serverStore, "-alias", "server", "-dname", "CN=localhost");
            Keytool.run("-certreq", "-keystore", serverStore, "-alias", "server", "-file", csr);
            Keytool.run(
                    "-gencert",
                    "-keystore",
                    caStore,
                    "-alias",
                    "ca",
                    "-infile",
                    csr,
                    "-outfile",
                    serverPem,
                    "-rfc",
                    "-ext",
                    "san=dns:localhost,ip:127.0.0.1",
                    "-ext",
                    "eku=serverAuth");
            Keytool.run("-importcert", "-keystore", serverStore, "-alias", "ca", "-file", caPem, "-noprompt");
            Keytool.run("-importcert", "-keystore", serverStore, "-alias", "server", "-file", serverPem, "-noprompt");

            return new TestCa(caPem, serverContext(load(serverStore)), clientContext(ca));
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the test CA", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("could not load the test CA that keytool wrote", e);
        }
    }

    private static Path exitScoped(Path file) {
        file.toFile().deleteOnExit();
        return file;
    }

    private static KeyStore load(Path store) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, STORE_PASSWORD.toCharArray());
        }
        return ks;
    }

    private static String pem(Certificate certificate) throws GeneralSecurityException {
        Base64.Encoder base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        return "-----BEGIN CERTIFICATE-----\n" + base64.encodeToString(certificate.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
    }

    private static SSLContext serverContext(KeyStore serverStore) throws GeneralSecurityException {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(serverStore, STORE_PASSWORD.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return context;
    }

    private static SSLContext clientContext(KeyStore ca) throws GeneralSecurityException, IOException {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("animus-test-ca", ca.getCertificate("ca"));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }

    /** The JDK's {@code keytool}, run to completion with the common options of this CA. */
    private static final class Keytool {
        private Keytool() {}

        static void run(Object... args) throws IOException {
            List<String> command = new ArrayList<>();
            command.add(
                    Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
            // each run is a short JVM: the quick JIT tier and the serial GC take about 40 % off its start
            command.addAll(List.of("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"));
            for (Object a : args) {
                command.add(a.toString());
            }
            if (command.contains("-genkeypair")) {
                // EC keys are made in milliseconds; two days of validity outlive any test run
                command.addAll(List.of("-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2"));
            }
            if (command.contains("-gencert")) {
                command.addAll(List.of("-validity", "2"));
            }
            command.addAll(List.of("-storetype", "PKCS12", "-storepass", STORE_PASSWORD));
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close(); // keytool never gets to ask a question
            String output;
            try (InputStream out = process.getInputStream()) {
                output = new String(out.readAllBytes(), StandardCharsets.UTF_8);
            }
            int exit;
            try {
                exit = process.waitFor();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while keytool ran: " + command, e);
            }
            if (exit != 0) {
                throw new IOException("keytool exited with " + exit + ": " + command + "\n" + output);
            }
        }
    }
}
