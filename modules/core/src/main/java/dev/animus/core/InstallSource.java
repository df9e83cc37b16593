package dev.animus.core;

import java.util.Objects;
import java.util.Optional;

/**
 * Where one install's code came from, as recorded in the state document and the lockfile.
 *
 * @param origin the absolute path, the URL, or {@code owner/repo}
 * @param tag the release tag, for a GitHub install
 * @param asset the release asset's file name, for a GitHub install
 * @param sha256Verified whether the bytes were checked against a digest given or published with
 *     them (a local path is what the operator pointed at: verified by definition)
 */
public record InstallSource(
        SourceKind kind, String origin, Optional<String> tag, Optional<String> asset, boolean sha256Verified) {
    public InstallSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(asset, "asset");
    }

    /** A local file or directory. */
    public static InstallSource path(String absolutePath) {
        return new InstallSource(SourceKind.PATH, absolutePath, Optional.empty(), Optional.empty(), true);
    }
}
