package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The checks on a direct download the operator names, in their order. */
class UrlSourceTest {
    private static final String SHA = "a".repeat(64);

    private static UrlSource.Problem refused(String url, Optional<String> sha256) {
        return assertThrows(UrlSource.Refused.class, () -> UrlSource.of(url, sha256))
                .problem();
    }

    @Test
    void anHttpsUrlWithAHostAndASha256IsASource() {
        assertEquals(
                new UrlSource(URI.create("https://example.test/p.tar.gz"), SHA),
                UrlSource.of("https://example.test/p.tar.gz", Optional.of(SHA)));
    }

    @Test
    void eachRefusalNamesItsProblemAndTheDigestIsCheckedFirst() {
        assertEquals(UrlSource.Problem.NO_SHA256, refused("http://example.test/p", Optional.empty()));
        assertEquals(
                UrlSource.Problem.SHA256_MALFORMED, refused("https://example.test/p", Optional.of("A".repeat(64))));
        assertEquals(UrlSource.Problem.SHA256_MALFORMED, refused("not a url", Optional.of(SHA.substring(1))));
        assertEquals(UrlSource.Problem.NOT_A_URL, refused("https://exa mple.test/", Optional.of(SHA)));
        assertEquals(UrlSource.Problem.NOT_HTTPS, refused("http://example.test/p", Optional.of(SHA)));
        assertEquals(UrlSource.Problem.NOT_HTTPS, refused("https:///p", Optional.of(SHA)));
        assertEquals(UrlSource.Problem.NOT_HTTPS, refused("file:/etc/passwd", Optional.of(SHA)));
    }

    @Test
    void aUrlThatDoesNotParseCarriesTheParsersReason() {
        UrlSource.Refused e =
                assertThrows(UrlSource.Refused.class, () -> UrlSource.of("https://exa mple.test/", Optional.of(SHA)));
        assertEquals("Illegal character in authority", e.detail());
    }
}
