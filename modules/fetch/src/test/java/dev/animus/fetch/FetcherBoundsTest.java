package dev.animus.fetch;

import static dev.animus.fetch.Fixtures.bytes;
import static dev.animus.fetch.Fixtures.capped;
import static dev.animus.fetch.Fixtures.withDeadline;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.testhttps.LoopbackHttps;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FetcherBoundsTest {
    /** Far beyond any deadline in this class: reaching it means the download hung. */
    static final Duration HUNG = Duration.ofSeconds(30);

    static final Duration DEADLINE = Duration.ofMillis(750);

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
    class TheDeadline {
        @Test
        void aBodyThatStallsFailsWithDeadlineAndLeavesNoFile() throws IOException {
            server.route("/slow", LoopbackHttps.stall(1_000_000, bytes(1000)));
            Fixtures.RecordedProgress progress = new Fixtures.RecordedProgress();

            FetchFailed e = assertTimeoutPreemptively(
                    HUNG,
                    () -> assertThrows(
                            FetchFailed.class,
                            () -> fetcher.download(
                                    server.uri("/slow"),
                                    dir.resolve("x"),
                                    withDeadline(DEADLINE, "127.0.0.1"),
                                    progress)));

            assertEquals(FetchFailed.Reason.DEADLINE, e.reason());
            assertEquals(List.of(), Fixtures.filesIn(dir));
        }

        @Test
        void aServerThatNeverAnswersFailsWithDeadline() {
            server.route("/silent", LoopbackHttps.hang());

            FetchFailed e = assertTimeoutPreemptively(
                    HUNG,
                    () -> assertThrows(
                            FetchFailed.class,
                            () -> fetcher.fetchBytes(server.uri("/silent"), withDeadline(DEADLINE, "127.0.0.1"))));

            assertEquals(FetchFailed.Reason.DEADLINE, e.reason());
        }

        @Test
        void aStallAfterARedirectFailsWithDeadline() {
            server.route("/a", LoopbackHttps.redirect(URI.create("/slow"), 302))
                    .route("/slow", LoopbackHttps.stall(1_000_000, bytes(10)));

            FetchFailed e = assertTimeoutPreemptively(
                    HUNG,
                    () -> assertThrows(
                            FetchFailed.class,
                            () -> fetcher.fetchBytes(server.uri("/a"), withDeadline(DEADLINE, "127.0.0.1"))));

            assertEquals(FetchFailed.Reason.DEADLINE, e.reason());
            assertEquals(List.of("/a", "/slow"), server.requests());
        }
    }

    @Nested
    class TheByteCap {
        @Test
        void aDeclaredLengthOverTheCapIsRefusedBeforeTheBodyIsRead() throws IOException {
            // declares 10 GiB, sends 100 bytes and drops the connection: reading any of it would end in
            // a truncated body (NETWORK), never TOO_LARGE, since 100 bytes are under the cap
            server.route("/huge", LoopbackHttps.lyingLength(10L << 30, bytes(100)));
            Fixtures.RecordedProgress progress = new Fixtures.RecordedProgress();

            FetchFailed e = assertThrows(
                    FetchFailed.class,
                    () -> fetcher.download(server.uri("/huge"), dir.resolve("x"), capped(1024, "127.0.0.1"), progress));

            assertEquals(FetchFailed.Reason.TOO_LARGE, e.reason());
            assertEquals(List.of(), progress.updates());
            assertEquals(List.of(), Fixtures.filesIn(dir));
        }

        @Test
        void aChunkedBodyOverTheCapIsCutAtTheCapAndLeavesNoFile() throws IOException {
            server.route("/big", LoopbackHttps.chunked(bytes(256 * 1024)));
            Fixtures.RecordedProgress progress = new Fixtures.RecordedProgress();

            FetchFailed e = assertThrows(
                    FetchFailed.class,
                    () -> fetcher.download(
                            server.uri("/big"), dir.resolve("x"), capped(64 * 1024, "127.0.0.1"), progress));

            assertEquals(FetchFailed.Reason.TOO_LARGE, e.reason());
            assertEquals(List.of(), Fixtures.filesIn(dir));
            assertTrue(progress.updates().stream().allMatch(u -> u.received() <= 64 * 1024), "never past the cap");
        }

        @Test
        void aFailedDownloadLeavesAnExistingTargetAsItWas() throws IOException {
            Path target = dir.resolve("x");
            Files.writeString(target, "the previous download");
            server.route("/big", LoopbackHttps.chunked(bytes(256 * 1024)));

            assertThrows(
                    FetchFailed.class,
                    () -> fetcher.download(
                            server.uri("/big"), target, capped(64 * 1024, "127.0.0.1"), Progress.none()));

            assertEquals("the previous download", Files.readString(target));
            assertEquals(List.of("x"), Fixtures.filesIn(dir));
        }

        @Test
        void aBodyOfExactlyTheCapIsAccepted() {
            server.route("/fixed", LoopbackHttps.bytes(bytes(4096)))
                    .route("/chunked", LoopbackHttps.chunked(bytes(4096)));

            assertArrayEquals(bytes(4096), fetcher.fetchBytes(server.uri("/fixed"), capped(4096, "127.0.0.1")));
            assertArrayEquals(bytes(4096), fetcher.fetchBytes(server.uri("/chunked"), capped(4096, "127.0.0.1")));
        }

        @Test
        void fetchBytesAppliesTheSameCap() {
            server.route("/fixed", LoopbackHttps.bytes(bytes(4097)))
                    .route("/chunked", LoopbackHttps.chunked(bytes(4097)));

            for (String path : List.of("/fixed", "/chunked")) {
                FetchFailed e = assertThrows(
                        FetchFailed.class, () -> fetcher.fetchBytes(server.uri(path), capped(4096, "127.0.0.1")));
                assertEquals(FetchFailed.Reason.TOO_LARGE, e.reason(), path);
            }
        }
    }

    @Test
    void aBodyCutShortOfItsDeclaredLengthFailsWithNetworkAndLeavesNoFile() throws IOException {
        server.route("/cut", LoopbackHttps.lyingLength(10_000, bytes(100)));

        FetchFailed e = assertThrows(
                FetchFailed.class,
                () -> fetcher.download(
                        server.uri("/cut"), dir.resolve("x"), capped(1 << 20, "127.0.0.1"), Progress.none()));

        assertEquals(FetchFailed.Reason.NETWORK, e.reason());
        assertEquals(List.of(), Fixtures.filesIn(dir));
    }
}
