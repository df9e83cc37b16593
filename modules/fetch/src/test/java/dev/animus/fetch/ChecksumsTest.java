package dev.animus.fetch;

import static dev.animus.fetch.ReleaseFixtures.SHA_A;
import static dev.animus.fetch.ReleaseFixtures.SHA_B;
import static dev.animus.fetch.ReleaseFixtures.SHA_C;
import static dev.animus.fetch.ReleaseFixtures.release;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChecksumsTest {
    private static final String ASSET = "tool-linux-amd64.tar.gz";

    @Nested
    class Finding {
        @Test
        void theSidecarIsTheAssetNamedDotSha256ElseDotSha256sum() {
            Release r = release(ASSET, ASSET + ".sha256sum", ASSET + ".sha256", "tool.sha256");
            assertEquals(
                    ASSET + ".sha256",
                    Checksums.sidecarOf(r, r.asset(ASSET).orElseThrow())
                            .orElseThrow()
                            .name());
            Release older = release(ASSET, ASSET + ".sha256sum");
            assertEquals(
                    ASSET + ".sha256sum",
                    Checksums.sidecarOf(older, older.asset(ASSET).orElseThrow())
                            .orElseThrow()
                            .name());
            Release none = release(ASSET, "other.tar.gz.sha256");
            assertEquals(
                    Optional.empty(),
                    Checksums.sidecarOf(none, none.asset(ASSET).orElseThrow()));
        }

        @Test
        void sha256sumsComesBeforeChecksumsTxt() {
            assertEquals("SHA256SUMS", sums("checksums.txt", "SHA256SUMS.txt", "SHA256SUMS", ASSET));
            assertEquals("SHA256SUMS.txt", sums("checksums.txt", "SHA256SUMS.txt", ASSET));
            assertEquals("sha256sums.txt", sums("checksums.txt", "sha256sums.txt"));
            assertEquals("checksums.txt", sums(ASSET, "checksums.txt", "tool_1.2.0_checksums.txt"));
        }

        @Test
        void aGoReleaserSumsFileNamedAfterTheProjectIsFound() {
            assertEquals("tool_1.2.0_checksums.txt", sums(ASSET, "tool_1.2.0_checksums.txt"));
            assertEquals("tool-1.2.0.sha256sums", sums(ASSET, "tool-1.2.0.sha256sums"));
        }

        @Test
        void aReleaseWithoutASumsFileHasNone() {
            assertEquals("none", sums(ASSET, ASSET + ".sha256", "notes.txt", "SHA512SUMS"));
        }

        private static String sums(String... names) {
            return Checksums.sumsFileOf(release(names)).map(ReleaseAsset::name).orElse("none");
        }
    }

    @Nested
    class Sidecars {
        @ParameterizedTest
        @ValueSource(
                strings = {
                    "%s",
                    "%s\n",
                    "%s\r\n\r\n",
                    "  %s  \n",
                    "\uFEFF%s\n",
                    "%s  tool-linux-amd64.tar.gz\n",
                    "%s *tool-linux-amd64.tar.gz",
                    "%s  ./tool-linux-amd64.tar.gz",
                    "%s  dist/tool-linux-amd64.tar.gz",
                    "\n\n%s tool-linux-amd64.tar.gz\n\n"
                })
        void aBareDigestOrOneLineNamingTheAssetGivesTheDigest(String form) {
            assertEquals(SHA_A, Checksums.parseSidecar(form.formatted(SHA_A), ASSET));
        }

        @Test
        void anUpperCaseDigestIsLowerCased() {
            assertEquals(SHA_A, Checksums.parseSidecar(SHA_A.toUpperCase(Locale.ROOT), ASSET));
        }

        @Test
        void theBsdFormNamingTheAssetGivesTheDigest() {
            assertEquals(SHA_A, Checksums.parseSidecar("SHA256 (" + ASSET + ") = " + SHA_A + "\n", ASSET));
        }

        @Test
        void aSidecarNamingAnotherFileIsRefusedNamingBoth() {
            ChecksumInvalid e = assertThrows(
                    ChecksumInvalid.class, () -> Checksums.parseSidecar(SHA_A + "  tool-darwin-arm64.tar.gz\n", ASSET));
            assertTrue(
                    e.getMessage().contains("it is the digest of 'tool-darwin-arm64.tar.gz', not of '" + ASSET + "'"),
                    e.getMessage());
            assertEquals(ASSET + ".sha256", e.file());
        }

        @Test
        void aSidecarNamingAFileThatOnlyEndsLikeTheAssetIsRefused() {
            assertThrows(ChecksumInvalid.class, () -> Checksums.parseSidecar(SHA_A + "  evil-" + ASSET, ASSET));
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "",
                    "\n  \n",
                    "abc",
                    "sha256:%s",
                    "%s%s",
                    "%s\n%s",
                    "%s;rm -rf /",
                    "SHA512 (x) = %s",
                    "%sZ",
                    "%s\u0000"
                })
        void anythingElseIsRefusedAsOneLine(String form) {
            ChecksumInvalid e = assertThrows(
                    ChecksumInvalid.class, () -> Checksums.parseSidecar(form.formatted(SHA_A, SHA_B), ASSET));
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertTrue(
                    e.getMessage().startsWith("the checksum file '" + ASSET + ".sha256' cannot be used: "),
                    e.getMessage());
        }
    }

    @Nested
    class SumsFiles {
        private static final String GNU = """
                %s  tool-darwin-arm64.tar.gz
                %s *tool-linux-amd64.tar.gz
                %s  tool-linux-amd64.tar.gz.sha256
                """.formatted(SHA_B, SHA_A, SHA_C);

        @Test
        void theGnuLineForTheAssetGivesItsDigest() {
            assertEquals(Optional.of(SHA_A), Checksums.parseSums(GNU, ASSET));
            assertEquals(Optional.of(SHA_B), Checksums.parseSums(GNU, "tool-darwin-arm64.tar.gz"));
        }

        @Test
        void anAssetTheFileDoesNotNameHasNoDigestThere() {
            assertEquals(Optional.empty(), Checksums.parseSums(GNU, "tool-windows-amd64.zip"));
            assertEquals(Optional.empty(), Checksums.parseSums(GNU, "tool-linux-amd64"));
            assertEquals(Optional.empty(), Checksums.parseSums("", ASSET));
        }

        @Test
        void theBsdAndOpenSslFormsAreRead() {
            String bsd = "SHA256 (tool-darwin-arm64.tar.gz) = %s\nSHA256 (%s) = %s\n".formatted(SHA_B, ASSET, SHA_A);
            assertEquals(Optional.of(SHA_A), Checksums.parseSums(bsd, ASSET));
            assertEquals(Optional.of(SHA_A), Checksums.parseSums("SHA2-256(" + ASSET + ")= " + SHA_A, ASSET));
            assertEquals(Optional.of(SHA_A), Checksums.parseSums("SHA256(" + ASSET + ")= " + SHA_A, ASSET));
        }

        @Test
        void aNameWithParenthesesIsReadWholeInTheBsdForm() {
            assertEquals(Optional.of(SHA_A), Checksums.parseSums("SHA256 (tool (1).zip) = " + SHA_A, "tool (1).zip"));
        }

        @Test
        void blankLinesCommentsWindowsLineEndsAndAByteOrderMarkAreTolerated() {
            String text =
                    "\uFEFF# checksums for v1.2.0\r\n\r\n" + SHA_A.toUpperCase(Locale.ROOT) + "  " + ASSET + "\r\n";
            assertEquals(Optional.of(SHA_A), Checksums.parseSums(text, ASSET));
        }

        @Test
        void gnusEscapedNamesAreUnescaped() {
            assertEquals(Optional.of(SHA_A), Checksums.parseSums("\\" + SHA_A + "  back\\\\slash", "back\\slash"));
        }

        @Test
        void theAssetNamedTwiceWithTheSameDigestIsFine() {
            String text = SHA_A + "  " + ASSET + "\nSHA256 (./" + ASSET + ") = " + SHA_A + "\n";
            assertEquals(Optional.of(SHA_A), Checksums.parseSums(text, ASSET));
        }

        @Test
        void theAssetNamedTwiceWithDifferentDigestsIsRefusedNamingTheLines() {
            String text = SHA_A + "  " + ASSET + "\n" + SHA_B + "  other\n" + SHA_B + "  dist/" + ASSET + "\n";
            ChecksumInvalid e = assertThrows(ChecksumInvalid.class, () -> Checksums.parseSums(text, ASSET));
            assertTrue(
                    e.getMessage().contains("two different digests for '" + ASSET + "' (lines 1 and 3)"),
                    e.getMessage());
        }

        @Test
        void anotherFileNamedTwiceWithDifferentDigestsDoesNotMatter() {
            String text = SHA_A + "  other\n" + SHA_B + "  other\n" + SHA_C + "  " + ASSET + "\n";
            assertEquals(Optional.of(SHA_C), Checksums.parseSums(text, ASSET));
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "%s",
                    "abc  tool",
                    "sha256:%s  tool",
                    "%s\ttool",
                    "SHA512 (tool) = %s",
                    "MD5 (tool) = abc",
                    "tool  %s"
                })
        void aLineOfNoKnownFormIsRefusedNamingItsNumber(String line) {
            String text = SHA_B + "  other\n" + line.formatted(SHA_A) + "\n";
            ChecksumInvalid e = assertThrows(ChecksumInvalid.class, () -> Checksums.parseSums(text, ASSET));
            assertTrue(e.getMessage().contains("line 2 is not like <hex>  <name>"), e.getMessage());
        }
    }
}
