package dev.animus.fetch;

import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Releases for tests: an answer shaped like GitHub's {@code releases/latest}, and releases built from asset names. */
final class ReleaseFixtures {
    static final String SHA_A = "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb";
    static final String SHA_B = "3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d";
    static final String SHA_C = "2e7d2c03a9507ae265ecf5b5356885a53393a2029d241394997265a1a25aefc6";
    static final String SHA_D = "18ac3e7343f016890c510e93f935261169d9e3f565436429830faf0934f4f8e4";
    static final String SOURCE = "https://api.github.com/repos/acme/animus-plugin-clock/releases/latest";

    /**
     * Modelled on a real {@code GET /repos/{owner}/{repo}/releases/latest} answer (fields, nesting,
     * types and order as GitHub sends them): an archive with a digest, its sidecar, a sums file, a
     * Sigstore bundle, and an asset uploaded before GitHub computed digests ({@code "digest": null}).
     */
    static final String LATEST = """
            {
              "url": "https://api.github.com/repos/acme/animus-plugin-clock/releases/187654321",
              "assets_url": "https://api.github.com/repos/acme/animus-plugin-clock/releases/187654321/assets",
              "upload_url": "https://uploads.github.com/repos/acme/animus-plugin-clock/releases/187654321/assets{?name,label}",
              "html_url": "https://github.com/acme/animus-plugin-clock/releases/tag/v1.2.0",
              "id": 187654321,
              "author": {
                "login": "github-actions[bot]",
                "id": 41898282,
                "node_id": "MDM6Qm90NDE4OTgyODI=",
                "avatar_url": "https://avatars.githubusercontent.com/in/15368?v=4",
                "type": "Bot",
                "site_admin": false
              },
              "node_id": "RE_kwDOJ8xYzs4LLnxh",
              "tag_name": "v1.2.0",
              "target_commitish": "main",
              "name": "v1.2.0",
              "draft": false,
              "immutable": false,
              "prerelease": false,
              "created_at": "2025-11-30T11:58:02Z",
              "updated_at": "2025-11-30T12:01:40Z",
              "published_at": "2025-11-30T12:01:39Z",
              "assets": [
                {
                  "url": "https://api.github.com/repos/acme/animus-plugin-clock/releases/assets/301122334",
                  "id": 301122334,
                  "node_id": "RA_kwDOJ8xYzs4R8r0e",
                  "name": "animus-plugin-clock-linux-amd64.tar.gz",
                  "label": "",
                  "uploader": { "login": "github-actions[bot]", "id": 41898282, "type": "Bot", "site_admin": false },
                  "content_type": "application/gzip",
                  "state": "uploaded",
                  "size": 2874310,
                  "digest": "sha256:%1$s",
                  "download_count": 42,
                  "created_at": "2025-11-30T12:00:51Z",
                  "updated_at": "2025-11-30T12:00:52Z",
                  "browser_download_url": "https://github.com/acme/animus-plugin-clock/releases/download/v1.2.0/animus-plugin-clock-linux-amd64.tar.gz"
                },
                {
                  "url": "https://api.github.com/repos/acme/animus-plugin-clock/releases/assets/301122335",
                  "id": 301122335,
                  "node_id": "RA_kwDOJ8xYzs4R8r0f",
                  "name": "animus-plugin-clock-linux-amd64.tar.gz.sha256",
                  "label": null,
                  "uploader": { "login": "github-actions[bot]", "id": 41898282, "type": "Bot", "site_admin": false },
                  "content_type": "text/plain",
                  "state": "uploaded",
                  "size": 105,
                  "digest": "sha256:%2$s",
                  "download_count": 3,
                  "created_at": "2025-11-30T12:00:53Z",
                  "updated_at": "2025-11-30T12:00:53Z",
                  "browser_download_url": "https://github.com/acme/animus-plugin-clock/releases/download/v1.2.0/animus-plugin-clock-linux-amd64.tar.gz.sha256"
                },
                {
                  "url": "https://api.github.com/repos/acme/animus-plugin-clock/releases/assets/301122336",
                  "id": 301122336,
                  "node_id": "RA_kwDOJ8xYzs4R8r0g",
                  "name": "animus-plugin-clock-darwin-arm64.zip",
                  "label": "",
                  "uploader": { "login": "github-actions[bot]", "id": 41898282, "type": "Bot", "site_admin": false },
                  "content_type": "application/zip",
                  "state": "uploaded",
                  "size": 2751002,
                  "digest": null,
                  "download_count": 7,
                  "created_at": "2025-11-30T12:00:54Z",
                  "updated_at": "2025-11-30T12:00:55Z",
                  "browser_download_url": "https://github.com/acme/animus-plugin-clock/releases/download/v1.2.0/animus-plugin-clock-darwin-arm64.zip"
                },
                {
                  "url": "https://api.github.com/repos/acme/animus-plugin-clock/releases/assets/301122337",
                  "id": 301122337,
                  "node_id": "RA_kwDOJ8xYzs4R8r0h",
                  "name": "SHA256SUMS",
                  "label": "",
                  "uploader": { "login": "github-actions[bot]", "id": 41898282, "type": "Bot", "site_admin": false },
                  "content_type": "application/octet-stream",
                  "state": "uploaded",
                  "size": 210,
                  "digest": "sha256:%3$s",
                  "download_count": 5,
                  "created_at": "2025-11-30T12:00:56Z",
                  "updated_at": "2025-11-30T12:00:56Z",
                  "browser_download_url": "https://github.com/acme/animus-plugin-clock/releases/download/v1.2.0/SHA256SUMS"
                },
                {
                  "url": "https://api.github.com/repos/acme/animus-plugin-clock/releases/assets/301122338",
                  "id": 301122338,
                  "node_id": "RA_kwDOJ8xYzs4R8r0i",
                  "name": "animus-plugin-clock-linux-amd64.tar.gz.sigstore.json",
                  "label": "",
                  "uploader": { "login": "github-actions[bot]", "id": 41898282, "type": "Bot", "site_admin": false },
                  "content_type": "application/json",
                  "state": "uploaded",
                  "size": 8931,
                  "download_count": 1,
                  "created_at": "2025-11-30T12:00:57Z",
                  "updated_at": "2025-11-30T12:00:57Z",
                  "browser_download_url": "https://github.com/acme/animus-plugin-clock/releases/download/v1.2.0/animus-plugin-clock-linux-amd64.tar.gz.sigstore.json"
                }
              ],
              "tarball_url": "https://api.github.com/repos/acme/animus-plugin-clock/tarball/v1.2.0",
              "zipball_url": "https://api.github.com/repos/acme/animus-plugin-clock/zipball/v1.2.0",
              "body": "## What's Changed\\r\\n* Ticks in UTC by @octocat in https://github.com/acme/animus-plugin-clock/pull/12\\r\\n",
              "reactions": { "url": "https://api.github.com/repos/acme/animus-plugin-clock/releases/187654321/reactions", "total_count": 2, "+1": 2 },
              "mentions_count": 1
            }
            """.formatted(SHA_A, SHA_B, SHA_C);

    private static final URI DOWNLOAD = URI.create("https://github.com/acme/tool/releases/download/v1.0.0/asset");

    private ReleaseFixtures() {}

    /** A release of tag {@code v1.0.0} with assets of these names, no API digests. */
    static Release release(String... names) {
        return new Release(
                "v1.0.0", Arrays.stream(names).map(ReleaseFixtures::asset).toList());
    }

    /** A release of tag {@code v1.0.0} with these assets. */
    static Release releaseOf(ReleaseAsset... assets) {
        return new Release("v1.0.0", List.of(assets));
    }

    static ReleaseAsset asset(String name) {
        return asset(name, Optional.empty());
    }

    static ReleaseAsset asset(String name, Optional<String> sha256) {
        return new ReleaseAsset(name, DOWNLOAD, 1234, sha256);
    }
}
