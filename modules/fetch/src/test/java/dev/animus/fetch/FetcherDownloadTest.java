package dev.animus.fetch;

import static dev.animus.fetch.Fixtures.bytes;
import static dev.animus.fetch.Fixtures.policy;
import static dev.animus.fetch.Fixtures.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.testhttps.LoopbackHttps;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FetcherDownloadTest {
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
    class WhenTheServerAnswers {
        @Test
        void downloadsTheBodyAndReportsItsLengthAndSha256() throws IOException {
            byte[] body = bytes(300_000);
            server.route("/plugin.tar.gz", LoopbackHttps.bytes(body));
            Path target = dir.resolve("plugin.tar.gz");

            Downloaded d = fetcher.download(server.uri("/plugin.tar.gz"), target, policy("127.0.0.1"), Progress.none());

            assertArrayEquals(body, Files.readAllBytes(target));
            assertEquals(new Downloaded(server.uri("/plugin.tar.gz"), body.length, sha256(body)), d);
        }

        @Test
        void theDownloadedFileIsReadableByItsOwnerOnly() throws IOException {
            server.route("/a", LoopbackHttps.bytes(bytes(10)));
            Path target = dir.resolve("a");
            fetcher.download(server.uri("/a"), target, policy("127.0.0.1"), Progress.none());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        }

        @Test
        void reportsProgressAsBytesArriveWithTheDeclaredTotal() {
            byte[] body = bytes(300_000);
            server.route("/a", LoopbackHttps.bytes(body));
            Fixtures.RecordedProgress progress = new Fixtures.RecordedProgress();

            fetcher.download(server.uri("/a"), dir.resolve("a"), policy("127.0.0.1"), progress);

            List<Fixtures.Update> updates = progress.updates();
            assertTrue(updates.size() > 1, "one update per chunk, not one at the end: " + updates.size());
            for (int i = 1; i < updates.size(); i++) {
                assertTrue(updates.get(i).received() > updates.get(i - 1).received(), "increasing: " + updates);
            }
            assertEquals(body.length, updates.getLast().received());
            assertTrue(updates.stream().allMatch(u -> u.total().equals(OptionalLong.of(body.length))));
        }

        @Test
        void aChunkedBodyIsDownloadedWithProgressThatHasNoTotal() throws IOException {
            byte[] body = bytes(100_000);
            server.route("/a", LoopbackHttps.chunked(body));
            Fixtures.RecordedProgress progress = new Fixtures.RecordedProgress();

            Downloaded d = fetcher.download(server.uri("/a"), dir.resolve("a"), policy("127.0.0.1"), progress);

            assertEquals(sha256(body), d.sha256());
            assertArrayEquals(body, Files.readAllBytes(dir.resolve("a")));
            assertTrue(progress.updates().stream().allMatch(u -> u.total().isEmpty()));
        }

        @Test
        void replacesAnExistingTargetAndLeavesNoOtherFile() throws IOException {
            Path target = dir.resolve("a");
            Files.writeString(target, "old");
            server.route("/a", LoopbackHttps.bytes(bytes(1000)));

            fetcher.download(server.uri("/a"), target, policy("127.0.0.1"), Progress.none());

            assertArrayEquals(bytes(1000), Files.readAllBytes(target));
            assertEquals(List.of("a"), Fixtures.filesIn(dir));
        }

        @Test
        void fetchBytesReturnsASmallDocument() {
            server.route("/repos/o/r/releases/latest", LoopbackHttps.json("{\"tag_name\":\"v1.0.0\"}"));
            byte[] got = fetcher.fetchBytes(server.uri("/repos/o/r/releases/latest"), policy("127.0.0.1"));
            assertEquals("{\"tag_name\":\"v1.0.0\"}", new String(got, StandardCharsets.UTF_8));
        }

        @Test
        void sendsAnAnimusUserAgent() {
            List<String> agents = new CopyOnWriteArrayList<>();
            server.route("/a", exchange -> {
                agents.add(exchange.getRequestHeaders().getFirst("User-Agent"));
                exchange.sendResponseHeaders(204, -1);
            });
            fetcher.fetchBytes(server.uri("/a"), policy("127.0.0.1"));
            assertEquals(1, agents.size());
            assertTrue(agents.getFirst().startsWith("animus/"), agents.getFirst());
        }
    }

    @Nested
    class WhenTheServerRefuses {
        @Test
        void anErrorStatusFailsWithHttpStatusAndItsCode() {
            server.route("/missing", LoopbackHttps.status(404));
            FetchFailed e = assertThrows(
                    FetchFailed.class,
                    () -> fetcher.download(
                            server.uri("/missing"), dir.resolve("a"), policy("127.0.0.1"), Progress.none()));
            assertEquals(FetchFailed.Reason.HTTP_STATUS, e.reason());
            assertEquals(404, e.status().orElseThrow());
            assertTrue(e.getMessage().contains("HTTP 404"), e.getMessage());
        }

        @Test
        void theMessageNamesTheUrlButNotItsQueryWhereSignedUrlsKeepSecrets() throws IOException {
            server.route("/asset", LoopbackHttps.status(403));
            URI signed = server.uri("/asset?X-Amz-Signature=s3cr3t&token=hunter2");

            FetchFailed e = assertThrows(
                    FetchFailed.class,
                    () -> fetcher.download(signed, dir.resolve("a"), policy("127.0.0.1"), Progress.none()));

            assertTrue(e.getMessage().contains(server.uri("/asset").toString()), e.getMessage());
            assertFalse(e.getMessage().contains("s3cr3t") || e.getMessage().contains("hunter2"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertEquals(List.of(), Fixtures.filesIn(dir));
        }

        @Test
        void aRedirectWithoutLocationFailsWithHttpStatus() {
            server.route("/a", LoopbackHttps.status(302));
            FetchFailed e =
                    assertThrows(FetchFailed.class, () -> fetcher.fetchBytes(server.uri("/a"), policy("127.0.0.1")));
            assertEquals(FetchFailed.Reason.HTTP_STATUS, e.reason());
            assertEquals(302, e.status().orElseThrow());
        }
    }
}
