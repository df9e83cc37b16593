package dev.animus.fetch;

import dev.animus.core.Digests;
import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One file attached to a GitHub release.
 *
 * @param name the file name: not empty, no {@code /}, {@code \} or control character, not
 *     {@code .} or {@code ..} (it may become a file name on disk)
 * @param downloadUrl where its bytes are ({@code browser_download_url}): an absolute {@code https} URL
 * @param size its size in bytes, as GitHub states it
 * @param sha256 the digest GitHub computed on upload (the API's {@code "digest": "sha256:<hex>"}),
 *     when the API gives one: 64 lowercase hex digits
 */
public record ReleaseAsset(String name, URI downloadUrl, long size, Optional<String> sha256) {
    /** @throws IllegalArgumentException when a component breaks the rules above */
    public ReleaseAsset {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(downloadUrl, "downloadUrl");
        Objects.requireNonNull(sha256, "sha256");
        if (!isFileName(name)) {
            throw new IllegalArgumentException("the asset name " + Names.quote(name)
                    + " is not a plain file name (empty, '.', '..', or holding '/', '\\' or a control character)");
        }
        if (!downloadUrl.isAbsolute()
                || !"https".equals(downloadUrl.getScheme().toLowerCase(Locale.ROOT))
                || downloadUrl.getHost() == null) {
            throw new IllegalArgumentException("the download URL " + Names.quote(downloadUrl.toString())
                    + " of the asset " + Names.quote(name) + " is not an absolute https URL");
        }
        if (size < 0) {
            throw new IllegalArgumentException("the asset " + Names.quote(name) + " has a negative size: " + size);
        }
        sha256.ifPresent(d -> Digests.requireSha256(d, "the digest of the asset " + Names.quote(name)));
    }

    private static boolean isFileName(String name) {
        return !name.isEmpty()
                && !name.equals(".")
                && !name.equals("..")
                && name.chars().noneMatch(c -> c == '/' || c == '\\' || Character.isISOControl(c));
    }
}
