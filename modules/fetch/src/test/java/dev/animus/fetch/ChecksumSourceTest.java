package dev.animus.fetch;

import static dev.animus.fetch.ReleaseFixtures.SHA_A;
import static dev.animus.fetch.ReleaseFixtures.SHA_B;
import static dev.animus.fetch.ReleaseFixtures.asset;
import static dev.animus.fetch.ReleaseFixtures.release;
import static dev.animus.fetch.ReleaseFixtures.releaseOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ChecksumSourceTest {
    private static final String NAME = "tool-linux-amd64.tar.gz";

    /** Serves the text of the release's checksum files, and remembers which were fetched. */
    static final class Files implements Function<ReleaseAsset, byte[]> {
        final Map<String, byte[]> texts = new HashMap<>();
        final List<String> fetched = new ArrayList<>();

        Files with(String name, String text) {
            texts.put(name, text.getBytes(StandardCharsets.UTF_8));
            return this;
        }

        @Override
        public byte[] apply(ReleaseAsset a) {
            fetched.add(a.name());
            return texts.get(a.name());
        }
    }

    static ChecksumSource resolve(Release r, Files files) {
        return ChecksumSource.resolve(r, r.asset(NAME).orElseThrow(), files);
    }

    @Nested
    class Order {
        @Test
        void theSidecarComesFirstAndNothingElseIsFetched() {
            Files files =
                    new Files().with(NAME + ".sha256", SHA_A + "  " + NAME).with("SHA256SUMS", SHA_B + "  " + NAME);
            ChecksumSource s = resolve(
                    releaseOf(asset(NAME, Optional.of(SHA_A)), asset(NAME + ".sha256"), asset("SHA256SUMS")), files);
            assertEquals(new ChecksumSource.Sidecar(SHA_A), s);
            assertEquals(List.of(NAME + ".sha256"), files.fetched);
        }

        @Test
        void withoutASidecarTheSumsFileLineIsUsed() {
            Files files = new Files().with("checksums.txt", SHA_B + "  other\n" + SHA_A + "  " + NAME + "\n");
            ChecksumSource s = resolve(release(NAME, "checksums.txt"), files);
            assertEquals(new ChecksumSource.Sums("checksums.txt", SHA_A), s);
            assertEquals("sums file checksums.txt", s.label());
        }

        @Test
        void aSumsFileWithoutALineForTheAssetFallsBackToTheApiDigest() {
            Files files = new Files().with("SHA256SUMS", SHA_B + "  other\n");
            ChecksumSource s = resolve(releaseOf(asset(NAME, Optional.of(SHA_A)), asset("SHA256SUMS")), files);
            assertEquals(new ChecksumSource.ApiDigest(SHA_A), s);
            assertEquals(Optional.of(SHA_A), s.expected());
        }

        @Test
        void withNothingTheAssetIsUnverifiedAndNothingIsFetched() {
            Files files = new Files();
            ChecksumSource s = resolve(release(NAME, "README.md"), files);
            assertEquals(new ChecksumSource.Unverified(), s);
            assertEquals(Optional.empty(), s.expected());
            assertEquals("unverified", s.label());
            assertEquals(List.of(), files.fetched);
        }
    }

    @Nested
    class Refusals {
        @Test
        void aSidecarThatContradictsGitHubsDigestIsRefusedNamingBothDigests() {
            Files files = new Files().with(NAME + ".sha256", SHA_B);
            ChecksumInvalid e = assertThrows(
                    ChecksumInvalid.class,
                    () -> resolve(releaseOf(asset(NAME, Optional.of(SHA_A)), asset(NAME + ".sha256")), files));
            assertTrue(
                    e.getMessage().contains("it gives " + SHA_B + " for '" + NAME + "' but GitHub computed " + SHA_A),
                    e.getMessage());
            assertEquals(NAME + ".sha256", e.file());
        }

        @Test
        void aSumsLineThatContradictsGitHubsDigestIsRefused() {
            Files files = new Files().with("SHA256SUMS", SHA_B + "  " + NAME);
            assertThrows(
                    ChecksumInvalid.class,
                    () -> resolve(releaseOf(asset(NAME, Optional.of(SHA_A)), asset("SHA256SUMS")), files));
        }

        @Test
        void aChecksumFileThatIsNotUtf8IsRefusedNamingIt() {
            Files files = new Files();
            files.texts.put("SHA256SUMS", new byte[] {(byte) 0xc3, (byte) 0x28});
            ChecksumInvalid e = assertThrows(ChecksumInvalid.class, () -> resolve(release(NAME, "SHA256SUMS"), files));
            assertTrue(e.getMessage().contains("'SHA256SUMS' cannot be used: it is not UTF-8 text"), e.getMessage());
        }

        @Test
        void aBrokenSumsFileIsNamedInTheFailure() {
            Files files = new Files().with("tool_1.0.0_checksums.txt", "garbage\n");
            ChecksumInvalid e = assertThrows(
                    ChecksumInvalid.class, () -> resolve(release(NAME, "tool_1.0.0_checksums.txt"), files));
            assertEquals("tool_1.0.0_checksums.txt", e.file());
        }
    }

    @Test
    void everySourceHasALabel() {
        List<ChecksumSource> all = List.of(
                new ChecksumSource.Sidecar(SHA_A),
                new ChecksumSource.Sums("SHA256SUMS", SHA_A),
                new ChecksumSource.ApiDigest(SHA_A),
                new ChecksumSource.Unverified());
        assertEquals(
                List.of("sidecar .sha256", "sums file SHA256SUMS", "GitHub API digest", "unverified"),
                all.stream().map(ChecksumSource::label).toList());
    }

    @Test
    void aDigestThatIsNotLowerCaseHexCannotBeASource() {
        assertThrows(IllegalArgumentException.class, () -> new ChecksumSource.Sidecar(SHA_A.toUpperCase(Locale.ROOT)));
        assertThrows(IllegalArgumentException.class, () -> new ChecksumSource.ApiDigest("abc"));
    }
}
