package dev.animus.testhttps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.HttpsURLConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class LoopbackHttpsTest {
    final LoopbackHttps server = LoopbackHttps.start();

    @AfterEach
    void close() {
        server.close();
    }

    /** A connection trusting only the test CA, with hostname verification, following no redirect. */
    static HttpsURLConnection open(URI uri) throws IOException {
        HttpsURLConnection c = (HttpsURLConnection) uri.toURL().openConnection();
        c.setSSLSocketFactory(TestCa.clientTrusting().getSocketFactory());
        c.setInstanceFollowRedirects(false);
        return c;
    }

    @Nested
    class Routing {
        @Test
        void aRoutedPathAnswersAndEveryRequestIsLoggedInOrder() throws IOException {
            server.route("/a", LoopbackHttps.bytes("hello".getBytes(StandardCharsets.UTF_8)));

            HttpsURLConnection a = open(server.uri("/a?x=1"));
            assertArrayEquals(
                    "hello".getBytes(StandardCharsets.UTF_8), a.getInputStream().readAllBytes());
            assertEquals(404, open(server.uri("/nowhere")).getResponseCode());

            assertEquals(List.of("/a", "/nowhere"), server.requests());
        }

        @Test
        void theCertificateIsValidForBothLoopbackNames() throws IOException {
            server.route("/a", LoopbackHttps.status(204));
            assertEquals(204, open(server.uri("/a")).getResponseCode());
            assertEquals(204, open(server.uri("localhost", "/a")).getResponseCode());
        }

        @Test
        void aRedirectCarriesItsLocation() throws IOException {
            server.route("/r", LoopbackHttps.redirect(URI.create("/elsewhere"), 307));
            HttpsURLConnection c = open(server.uri("/r"));
            assertEquals(307, c.getResponseCode());
            assertEquals("/elsewhere", c.getHeaderField("Location"));
        }

        @Test
        void aChunkedBodyHasNoContentLength() throws IOException {
            server.route("/c", LoopbackHttps.chunked(new byte[100]));
            HttpsURLConnection c = open(server.uri("/c"));
            assertEquals(-1, c.getContentLengthLong());
            assertEquals(100, c.getInputStream().readAllBytes().length);
        }

        @Test
        void aLyingLengthDeclaresMoreThanItSends() throws IOException {
            server.route("/l", LoopbackHttps.lyingLength(10L << 30, new byte[10]));
            HttpsURLConnection c = open(server.uri("/l"));
            assertEquals(10L << 30, c.getContentLengthLong());
            assertThrows(IOException.class, () -> c.getInputStream().readAllBytes());
        }
    }

    @Nested
    class Closing {
        @Test
        void releasesAStalledHandlerAndDropsItsConnection() throws IOException {
            server.route("/slow", LoopbackHttps.stall(1000, new byte[10]));
            HttpsURLConnection c = open(server.uri("/slow"));
            InputStream body = c.getInputStream();
            assertArrayEquals(new byte[10], body.readNBytes(10)); // sent before the stall

            assertTimeoutPreemptively(Duration.ofSeconds(30), server::close);

            assertThrows(IOException.class, body::readAllBytes);
        }

        @Test
        void isIdempotent() {
            server.close();
            assertDoesNotThrow(server::close);
            assertThrows(IOException.class, () -> open(server.uri("/")).getInputStream(), "the server still answers");
        }
    }

    @Test
    void theCaPemIsACertificateAuthority() throws Exception {
        try (InputStream in = Files.newInputStream(TestCa.caPem())) {
            X509Certificate ca =
                    (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            assertTrue(ca.getBasicConstraints() >= 0, "basic constraints mark it a CA");
            assertEquals("CN=Animus Test CA", ca.getSubjectX500Principal().getName());
        }
    }
}
