package dev.animus.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReleaseRefTest {
    private static final URI GITHUB = URI.create("https://api.github.com");

    @Nested
    class Parsing {
        @Test
        void ownerAndRepositoryWithoutATagMeanTheLatestRelease() {
            assertEquals(
                    new ReleaseRef("acme", "animus-plugin-clock", Optional.empty()),
                    ReleaseRef.parse("acme/animus-plugin-clock"));
        }

        @Test
        void theTagIsEverythingAfterTheFirstAtSignSlashesAndAtSignsIncluded() {
            assertEquals(
                    new ReleaseRef("acme", "tools", Optional.of("@acme/clock@1.2.0")),
                    ReleaseRef.parse("acme/tools@@acme/clock@1.2.0"));
            assertEquals(
                    Optional.of("release/2025-11"),
                    ReleaseRef.parse("acme/tools@release/2025-11").tag());
        }

        @ParameterizedTest
        @ValueSource(strings = {"a/b", "A-1/x.y_z-9", "octo-cat/.github", "x/...", "o/r@v1.0.0+build.7"})
        void namesWithinGitHubsRulesAreAccepted(String text) {
            assertEquals(text, ReleaseRef.parse(text).toString());
        }

        @Test
        void theLongestOwnerAndRepositoryGitHubAllowsAreAccepted() {
            String owner = "o".repeat(39);
            String repo = "r".repeat(100);
            assertEquals(owner, ReleaseRef.parse(owner + "/" + repo).owner());
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "",
                    "acme",
                    "acme/",
                    "/repo",
                    "acme/repo/extra",
                    "-acme/repo",
                    "ac_me/repo",
                    "ac.me/repo",
                    "acme/re po",
                    "acme/re+po",
                    "acme/.",
                    "acme/..",
                    "acme/repo@",
                    "acme/repo@v 1",
                    "acme/repo@v1\n",
                    "acme/repo@v1\u00a0",
                    "acme/repo@.",
                    "acme/repo@..",
                    "acme/rëpo",
                    "äcme/repo",
                    "https://github.com/acme/repo",
                    "acme/repo\t"
                })
        void anythingElseIsRefusedNamingTheTextAndTheExpectedForm(String text) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReleaseRef.parse(text));
            assertTrue(e.getMessage().contains("expected owner/repo or owner/repo@tag"), e.getMessage());
            assertTrue(e.getMessage().startsWith("not a GitHub release: '"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }

        @Test
        void anOwnerOfFortyCharactersOrARepositoryOfAHundredAndOneIsRefused() {
            assertThrows(IllegalArgumentException.class, () -> ReleaseRef.parse("o".repeat(40) + "/r"));
            assertThrows(IllegalArgumentException.class, () -> ReleaseRef.parse("o/" + "r".repeat(101)));
            assertThrows(IllegalArgumentException.class, () -> ReleaseRef.parse("o/r@" + "t".repeat(256)));
        }

        @Test
        void theOwnerKeyIsTheOwnerInLowerCase() {
            assertEquals("acme-corp", ReleaseRef.parse("ACME-Corp/Tool").ownerKey());
        }
    }

    @Nested
    class ApiUri {
        @Test
        void withoutATagItIsTheLatestRelease() {
            assertEquals(
                    URI.create("https://api.github.com/repos/acme/clock/releases/latest"),
                    ReleaseRef.parse("acme/clock").apiUri(GITHUB));
        }

        @Test
        void withATagItIsThatTagsRelease() {
            assertEquals(
                    URI.create("https://api.github.com/repos/acme/clock/releases/tags/v1.2.0"),
                    ReleaseRef.parse("acme/clock@v1.2.0").apiUri(GITHUB));
        }

        @ParameterizedTest
        @CsvSource(
                delimiter = '|',
                value = {
                    "release/1.0          | release%2F1.0",
                    "@acme/clock@1.2.0    | %40acme%2Fclock%401.2.0",
                    "v1.0.0+build.7       | v1.0.0%2Bbuild.7",
                    "a?b#c%d&e=f          | a%3Fb%23c%25d%26e%3Df",
                    "..x/../y             | ..x%2F..%2Fy",
                    "v1~rc_2-x            | v1~rc_2-x",
                    "版本1                 | %E7%89%88%E6%9C%AC1"
                })
        void theTagIsPercentEncodedAsOnePathSegment(String tag, String encoded) {
            URI uri = ReleaseRef.parse("acme/clock@" + tag).apiUri(GITHUB);
            assertEquals("https://api.github.com/repos/acme/clock/releases/tags/" + encoded, uri.toString());
            assertEquals("/repos/acme/clock/releases/tags/" + tag, uri.getPath());
            assertEquals(uri, uri.normalize(), "a dot segment escaped the encoding");
        }

        @Test
        void anEnterpriseBaseWithAPathAndATrailingSlashKeepsItsPath() {
            assertEquals(
                    URI.create("https://127.0.0.1:8443/api/v3/repos/acme/clock/releases/latest"),
                    ReleaseRef.parse("acme/clock").apiUri(URI.create("https://127.0.0.1:8443/api/v3/")));
        }

        @Test
        void aRelativeBaseOrOneWithAQueryIsRefused() {
            ReleaseRef ref = ReleaseRef.parse("acme/clock");
            assertThrows(IllegalArgumentException.class, () -> ref.apiUri(URI.create("/api")));
            assertThrows(IllegalArgumentException.class, () -> ref.apiUri(URI.create("https://api.github.com/?x=1")));
        }
    }
}
