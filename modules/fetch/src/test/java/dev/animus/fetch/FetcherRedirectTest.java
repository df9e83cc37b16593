package dev.animus.fetch;

import static dev.animus.fetch.Fixtures.bytes;
import static dev.animus.fetch.Fixtures.policy;
import static dev.animus.fetch.Fixtures.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.testhttps.LoopbackHttps;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redirects are followed by hand. One loopback server plays two hosts, {@code 127.0.0.1} and
 * {@code localhost} (its certificate names both), so a policy can allow one and not the other.
 */
class FetcherRedirectTest {
    final LoopbackHttps server = LoopbackHttps.start();
    final Fetcher fetcher = Fixtures.trustingTestCa();

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        fetcher.close();
        server.close();
    }

    @Nested
    class Followed {
        @Test
        void aChainOfRedirectsWithinTheAllowedHostEndsAtTheBody() throws IOException {
            byte[] body = bytes(5000);
            server.route("/a", LoopbackHttps.redirect(server.uri("/b"), 302))
                    .route("/b", LoopbackHttps.redirect(URI.create("/c"), 307)) // relative
                    .route("/c", LoopbackHttps.bytes(body));

            Downloaded d = fetcher.download(server.uri("/a"), dir.resolve("x"), policy("127.0.0.1"), Progress.none());

            assertEquals(new Downloaded(server.uri("/c"), body.length, sha256(body)), d);
            assertArrayEquals(body, Files.readAllBytes(dir.resolve("x")));
            assertEquals(List.of("/a", "/b", "/c"), server.requests());
        }

        @Test
        void aRedirectToAnotherAllowedHostIsFollowed() {
            server.route("/a", LoopbackHttps.redirect(server.uri("localhost", "/b"), 301))
                    .route("/b", LoopbackHttps.bytes(bytes(10)));

            Downloaded d = fetcher.download(
                    server.uri("/a"), dir.resolve("x"), policy("127.0.0.1", "localhost"), Progress.none());

            assertEquals(server.uri("localhost", "/b"), d.finalUri());
        }

        @Test
        void exactlyMaxRedirectsAreFollowed() {
            server.route("/1", LoopbackHttps.redirect(URI.create("/2"), 302))
                    .route("/2", LoopbackHttps.redirect(URI.create("/3"), 302))
                    .route("/3", LoopbackHttps.redirect(URI.create("/4"), 302))
                    .route("/4", LoopbackHttps.bytes(bytes(10)));

            byte[] got = fetcher.fetchBytes(server.uri("/1"), policy("127.0.0.1")); // 3 redirects allowed

            assertArrayEquals(bytes(10), got);
        }
    }

    @Nested
    class Refused {
        @Test
        void aRedirectToAHostNotAllowedFailsWithoutRequestingTheTarget() {
            server.route("/start", LoopbackHttps.redirect(server.uri("localhost", "/target"), 302))
                    .route("/target", LoopbackHttps.bytes(bytes(10)));

            FetchFailed e = assertThrows(
                    FetchFailed.class,
                    () -> fetcher.download(
                            server.uri("/start"), dir.resolve("x"), policy("127.0.0.1"), Progress.none()));

            assertEquals(FetchFailed.Reason.HOST_NOT_ALLOWED, e.reason());
            assertEquals(List.of("/start"), server.requests());
            assertTrue(
                    e.getMessage().contains(server.uri("localhost", "/target").toString()), e.getMessage());
        }

        @Test
        void aFirstUrlOnAHostNotAllowedIsNeverRequested() {
            server.route("/a", LoopbackHttps.bytes(bytes(10)));

            FetchFailed e = assertThrows(
                    FetchFailed.class, () -> fetcher.fetchBytes(server.uri("localhost", "/a"), policy("127.0.0.1")));

            assertEquals(FetchFailed.Reason.HOST_NOT_ALLOWED, e.reason());
            assertEquals(List.of(), server.requests());
        }

        @Test
        void aRedirectLoopFailsAfterExactlyMaxRedirectsPlusOneRequests() {
            server.route("/loop", LoopbackHttps.redirect(URI.create("/loop"), 302));
            FetchPolicy policy = new FetchPolicy(Set.of("127.0.0.1"), Duration.ofSeconds(30), 2, 1 << 20, 1 << 20);

            FetchFailed e = assertThrows(FetchFailed.class, () -> fetcher.fetchBytes(server.uri("/loop"), policy));

            assertEquals(FetchFailed.Reason.TOO_MANY_REDIRECTS, e.reason());
            assertEquals(List.of("/loop", "/loop", "/loop"), server.requests());
        }

        @Test
        void noRedirectIsFollowedWhenTheLimitIsZero() {
            server.route("/a", LoopbackHttps.redirect(URI.create("/b"), 302))
                    .route("/b", LoopbackHttps.bytes(bytes(10)));
            FetchPolicy policy = new FetchPolicy(Set.of("127.0.0.1"), Duration.ofSeconds(30), 0, 1 << 20, 1 << 20);

            FetchFailed e = assertThrows(FetchFailed.class, () -> fetcher.fetchBytes(server.uri("/a"), policy));

            assertEquals(FetchFailed.Reason.TOO_MANY_REDIRECTS, e.reason());
            assertEquals(List.of("/a"), server.requests());
        }

        @Test
        void aRedirectToPlainHttpFailsWithoutFollowingIt() {
            URI plain = URI.create("http://127.0.0.1:" + server.port() + "/target");
            server.route("/start", LoopbackHttps.redirect(plain, 302));

            FetchFailed e = assertThrows(
                    FetchFailed.class,
                    () -> fetcher.download(
                            server.uri("/start"), dir.resolve("x"), policy("127.0.0.1"), Progress.none()));

            assertEquals(FetchFailed.Reason.NOT_HTTPS, e.reason());
            assertEquals(List.of("/start"), server.requests());
        }

        @Test
        void aPlainHttpUrlIsNeverRequested() throws IOException {
            URI plain = URI.create("http://127.0.0.1:" + server.port() + "/a");

            FetchFailed e = assertThrows(
                    FetchFailed.class,
                    () -> fetcher.download(plain, dir.resolve("x"), policy("127.0.0.1"), Progress.none()));

            assertEquals(FetchFailed.Reason.NOT_HTTPS, e.reason());
            assertEquals(List.of(), server.requests());
            assertEquals(List.of(), Fixtures.filesIn(dir));
        }
    }
}
