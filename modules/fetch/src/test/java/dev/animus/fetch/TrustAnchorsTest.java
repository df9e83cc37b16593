package dev.animus.fetch;

import static dev.animus.fetch.Fixtures.bytes;
import static dev.animus.fetch.Fixtures.policy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.testhttps.LoopbackHttps;
import dev.animus.testhttps.TestCa;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrustAnchorsTest {
    final LoopbackHttps server = LoopbackHttps.start().route("/a", LoopbackHttps.bytes(bytes(100)));

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        server.close();
    }

    byte[] fetchWith(TrustAnchors anchors) {
        try (Fetcher fetcher = Fetcher.create(anchors)) {
            return fetcher.fetchBytes(server.uri("/a"), policy("127.0.0.1"));
        }
    }

    @Nested
    class TheJdkDefault {
        @Test
        void doesNotTrustTheTestCaSoTheHandshakeFailsWithNetwork() {
            FetchFailed e = assertThrows(FetchFailed.class, () -> fetchWith(TrustAnchors.jdkDefault()));

            assertEquals(FetchFailed.Reason.NETWORK, e.reason());
            assertEquals(List.of(), server.requests(), "no request is sent over an untrusted connection");
            // in words, never the JDK's "PKIX path building failed: sun.security..."
            assertTrue(e.getMessage().contains("the server's TLS certificate is not trusted"), e.getMessage());
            assertFalse(e.getMessage().contains("PKIX") || e.getMessage().contains("Exception"), e.getMessage());
        }
    }

    @Nested
    class FromTheEnvironment {
        @Test
        void animusCaCertsNamesThePemFileToTrust() {
            TrustAnchors anchors = TrustAnchors.fromEnvironment(
                    Map.of("ANIMUS_CA_CERTS", TestCa.caPem().toString()));
            assertArrayEquals(bytes(100), fetchWith(anchors));
        }

        @Test
        void withoutAnimusCaCertsTheJdkDefaultIsUsed() {
            FetchFailed e = assertThrows(
                    FetchFailed.class, () -> fetchWith(TrustAnchors.fromEnvironment(Map.of("HOME", "/nowhere"))));
            assertEquals(FetchFailed.Reason.NETWORK, e.reason());
        }

        @Test
        void anEmptyAnimusCaCertsMeansTheJdkDefault() {
            FetchFailed e = assertThrows(
                    FetchFailed.class, () -> fetchWith(TrustAnchors.fromEnvironment(Map.of("ANIMUS_CA_CERTS", ""))));
            assertEquals(FetchFailed.Reason.NETWORK, e.reason());
        }
    }

    @Nested
    class FromAPemFile {
        @Test
        void textAroundTheCertificatesIsIgnored() throws IOException {
            Path pem = dir.resolve("bundle.pem");
            Files.writeString(
                    pem, "# the test CA\nsubject=CN=Animus Test CA\n" + Files.readString(TestCa.caPem()) + "\n# end\n");
            assertArrayEquals(bytes(100), fetchWith(TrustAnchors.fromPemFile(pem)));
        }

        @Test
        void aFileWithoutCertificatesIsRefusedNamingTheFile() throws IOException {
            Path pem = dir.resolve("empty.pem");
            Files.writeString(pem, "not a certificate\n");

            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> TrustAnchors.fromPemFile(pem));

            assertTrue(e.getMessage().contains(pem.toString()), e.getMessage());
        }

        @Test
        void aCertificateThatDoesNotParseIsRefusedNamingTheFile() throws IOException {
            Path pem = dir.resolve("bad.pem");
            Files.writeString(pem, "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n");

            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> TrustAnchors.fromPemFile(pem));

            assertTrue(e.getMessage().contains(pem.toString()), e.getMessage());
        }

        @Test
        void aMissingFileIsAnErrorNamingIt() {
            Path pem = dir.resolve("missing.pem");
            var e = assertThrows(UncheckedIOException.class, () -> TrustAnchors.fromPemFile(pem));
            assertTrue(e.getMessage().contains(pem.toString()), e.getMessage());
        }
    }
}
