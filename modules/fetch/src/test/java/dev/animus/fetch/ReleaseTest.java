package dev.animus.fetch;

import static dev.animus.fetch.ReleaseFixtures.LATEST;
import static dev.animus.fetch.ReleaseFixtures.SHA_A;
import static dev.animus.fetch.ReleaseFixtures.SOURCE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ReleaseTest {
    private static final String ASSET = """
            {"name": "tool-linux-amd64", "size": 10, "browser_download_url": "https://github.com/a/b/releases/download/v1/tool-linux-amd64"}""";

    static Release parse(String json) {
        return Release.parse(json.getBytes(StandardCharsets.UTF_8), SOURCE);
    }

    @Nested
    class GitHubsAnswer {
        @Test
        void theTagAndEveryAssetAreReadInTheApisOrder() {
            Release r = parse(LATEST);
            assertEquals("v1.2.0", r.tag());
            assertEquals(
                    List.of(
                            "animus-plugin-clock-linux-amd64.tar.gz",
                            "animus-plugin-clock-linux-amd64.tar.gz.sha256",
                            "animus-plugin-clock-darwin-arm64.zip",
                            "SHA256SUMS",
                            "animus-plugin-clock-linux-amd64.tar.gz.sigstore.json"),
                    r.assets().stream().map(ReleaseAsset::name).toList());
        }

        @Test
        void anAssetCarriesItsDownloadUrlSizeAndTheApisSha256() {
            ReleaseAsset a = parse(LATEST)
                    .asset("animus-plugin-clock-linux-amd64.tar.gz")
                    .orElseThrow();
            assertEquals(
                    URI.create("https://github.com/acme/animus-plugin-clock/releases/download/v1.2.0/"
                            + "animus-plugin-clock-linux-amd64.tar.gz"),
                    a.downloadUrl());
            assertEquals(2874310, a.size());
            assertEquals(Optional.of(SHA_A), a.sha256());
        }

        @Test
        void aNullOrAbsentDigestIsNoDigest() {
            Release r = parse(LATEST);
            assertEquals(
                    Optional.empty(),
                    r.asset("animus-plugin-clock-darwin-arm64.zip")
                            .orElseThrow()
                            .sha256());
            assertEquals(
                    Optional.empty(),
                    r.asset("animus-plugin-clock-linux-amd64.tar.gz.sigstore.json")
                            .orElseThrow()
                            .sha256());
        }

        @Test
        void anUpperCaseDigestIsLowerCasedAndOneOfAnotherAlgorithmIsIgnored() {
            Release r = parse("{\"tag_name\": \"v1\", \"assets\": [" + withDigest("a", "SHA256:" + SHA_A.toUpperCase())
                    + ", " + withDigest("b", "sha512:" + SHA_A + SHA_A) + "]}");
            assertEquals(Optional.of(SHA_A), r.asset("a").orElseThrow().sha256());
            assertEquals(Optional.empty(), r.asset("b").orElseThrow().sha256());
        }

        @Test
        void aReleaseWithoutAssetsHasNone() {
            assertEquals(
                    List.of(),
                    parse("{\"tag_name\": \"v0.0.1\", \"assets\": []}").assets());
        }

        @Test
        void anAssetIsFoundOnlyByItsExactName() {
            Release r = parse(LATEST);
            assertEquals(Optional.empty(), r.asset("sha256sums"));
            assertTrue(r.asset("SHA256SUMS").isPresent());
        }
    }

    static Stream<Arguments> broken() {
        return Stream.of(
                Arguments.of("not JSON", "{\"tag_name\": ", "is not valid JSON at line 1"),
                Arguments.of("empty", "", "the answer is empty"),
                Arguments.of("an array", "[]", "is not a JSON object"),
                Arguments.of("trailing data", "{\"tag_name\": \"v1\", \"assets\": []} {}", "is not valid JSON"),
                Arguments.of(
                        "a duplicated key",
                        "{\"tag_name\": \"v1\", \"tag_name\": \"v2\", \"assets\": []}",
                        "is not valid JSON"),
                Arguments.of(
                        "GitHub's not found",
                        "{\"message\": \"Not Found\", \"documentation_url\": \"https://docs.github.com\", "
                                + "\"status\": \"404\"}",
                        "it is not a release; GitHub said 'Not Found'"),
                Arguments.of("no tag_name", "{\"assets\": []}", "tag_name: is missing"),
                Arguments.of(
                        "a numeric tag_name",
                        "{\"tag_name\": 1, \"assets\": []}",
                        "tag_name: must be a non-empty string"),
                Arguments.of(
                        "an empty tag_name",
                        "{\"tag_name\": \"\", \"assets\": []}",
                        "tag_name: must be a non-empty string"),
                Arguments.of("no assets", "{\"tag_name\": \"v1\"}", "assets: is missing"),
                Arguments.of(
                        "assets as an object", "{\"tag_name\": \"v1\", \"assets\": {}}", "assets: must be an array"),
                Arguments.of("an asset as a string", release("\"x\""), "assets[0]: must be an object"),
                Arguments.of(
                        "an asset without name",
                        release(ASSET.replace("\"name\": \"tool-linux-amd64\", ", "")),
                        "assets[0].name: is missing"),
                Arguments.of(
                        "an asset without size",
                        release(ASSET.replace("\"size\": 10, ", "")),
                        "assets[0] ('tool-linux-amd64').size: is missing"),
                Arguments.of(
                        "a negative size",
                        release(ASSET.replace("10", "-1")),
                        ".size: must be a whole number of bytes"),
                Arguments.of(
                        "a fractional size",
                        release(ASSET.replace("10", "1.5")),
                        ".size: must be a whole number of bytes"),
                Arguments.of(
                        "a size as a string",
                        release(ASSET.replace("10", "\"10\"")),
                        ".size: must be a whole number of bytes"),
                Arguments.of(
                        "no download URL",
                        release("{\"name\": \"x\", \"size\": 1}"),
                        "assets[0] ('x').browser_download_url: is missing"),
                Arguments.of(
                        "a plain HTTP download URL",
                        release(ASSET.replace("https:", "http:")),
                        "is not an absolute https URL"),
                Arguments.of(
                        "a relative download URL",
                        release(ASSET.replace("https://github.com", "")),
                        "is not an absolute https URL"),
                Arguments.of(
                        "an unparsable download URL",
                        release(ASSET.replace("https://github.com", "https://git hub")),
                        ".browser_download_url: 'https://git hub"),
                Arguments.of(
                        "a name with a slash",
                        release(ASSET.replace("\"tool-linux-amd64\",", "\"../../bin/sh\",")),
                        "is not a plain file name"),
                Arguments.of(
                        "a name of two dots",
                        release(ASSET.replace("\"tool-linux-amd64\",", "\"..\",")),
                        "is not a plain file name"),
                Arguments.of("a malformed digest", release(withDigest("x", "sha256:abc")), "is not a SHA-256 digest"),
                Arguments.of(
                        "a digest without algorithm",
                        release(withDigest("x", SHA_A)),
                        ".digest: must be a string like sha256:<hex>"),
                Arguments.of(
                        "a numeric digest",
                        "{\"tag_name\": \"v1\", \"assets\": [" + ASSET.replace("\"size\"", "\"digest\": 7, \"size\"")
                                + "]}",
                        ".digest: must be a string like sha256:<hex>"),
                Arguments.of(
                        "two assets of one name",
                        release(ASSET + ", " + ASSET),
                        "two assets named 'tool-linux-amd64'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("broken")
    void anAnswerThatCannotBeUsedIsRefusedNamingTheSourceAndTheField(String what, String json, String expected) {
        ReleaseInvalid e = assertThrows(ReleaseInvalid.class, () -> parse(json));
        assertTrue(
                e.getMessage().startsWith("the GitHub release metadata from " + SOURCE + " cannot be used: "),
                e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().endsWith("or install from a local path instead"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertEquals(SOURCE, e.source());
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedNotGuessed() {
        byte[] bytes = {'{', '"', 't', 'a', 'g', '_', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xff, '"', '}'};
        assertThrows(ReleaseInvalid.class, () -> Release.parse(bytes, SOURCE));
    }

    private static String release(String assets) {
        return "{\"tag_name\": \"v1\", \"assets\": [" + assets + "]}";
    }

    private static String withDigest(String name, String digest) {
        return "{\"name\": \"" + name + "\", \"size\": 1, \"digest\": \"" + digest
                + "\", \"browser_download_url\": \"https://github.com/a/b/releases/download/v1/" + name + "\"}";
    }
}
