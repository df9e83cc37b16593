package dev.animus.install;

import dev.animus.fetch.ChecksumSource;
import dev.animus.fetch.FetchPolicy;
import dev.animus.fetch.Fetcher;
import dev.animus.fetch.Release;
import dev.animus.fetch.ReleaseAsset;
import java.util.List;

/**
 * The expected SHA-256 of a release asset, from the first source the release publishes
 * (docs/security.md#downloads-and-archives): the {@code <asset>.sha256} sidecar, a
 * {@code SHA256SUMS} file, or the API's digest ({@link ChecksumSource#resolve}). None of them: a
 * warning, and the install is recorded as unverified.
 */
final class ReleaseChecksum {
    /** Checksum files are small; a bigger one is not a checksum file. */
    private static final long MAX_CHECKSUM_BYTES = 1 << 20;

    private ReleaseChecksum() {}

    /** How the downloaded bytes fared. */
    record Verdict(boolean verified, String label, List<String> warnings) {}

    /**
     * @throws InstallFailed (verification) when a published checksum does not match {@code actual}
     */
    static Verdict check(Fetcher fetcher, FetchPolicy policy, Release release, ReleaseAsset asset, String actual) {
        FetchPolicy small = policy.withMaxBytes(MAX_CHECKSUM_BYTES);
        ChecksumSource source = ChecksumSource.resolve(release, asset, a -> fetcher.fetchBytes(a.downloadUrl(), small));
        return source.expected()
                .map(expected -> {
                    if (!expected.equals(actual)) {
                        throw InstallFailed.verification(asset.name() + ": the " + source.label() + " says sha256 "
                                + expected + ", the download has sha256 " + actual + "; nothing was installed");
                    }
                    return new Verdict(true, source.label(), List.<String>of());
                })
                .orElseGet(
                        () -> new Verdict(
                                false,
                                source.label(),
                                List.of(
                                        asset.name() + ": the release publishes no"
                                                + " checksum for it (no .sha256 sidecar, no SHA256SUMS, no API digest); installed as unverified")));
    }
}
