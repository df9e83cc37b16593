package dev.animus.runtime;

import dev.animus.fetch.ReleaseRef;
import dev.animus.install.InstallChain;
import java.util.Optional;

/**
 * A GitHub release as the operator names it, {@code owner/repo[@tag]}; no tag means the latest.
 *
 * @param owner the repository's owner
 * @param repo the repository
 * @param tag the release's tag, or empty for the latest
 */
public record GithubRelease(String owner, String repo, Optional<String> tag) {
    /** Validates like {@link #parse}. */
    public GithubRelease {
        ref(owner, repo, tag);
    }

    /**
     * {@code owner/repo[@tag]}.
     *
     * @throws IllegalArgumentException naming what is wrong with {@code text}
     */
    public static GithubRelease parse(String text) {
        ReleaseRef r = ReleaseRef.parse(text);
        return new GithubRelease(r.owner(), r.repo(), r.tag());
    }

    /** The owner as trust on first use keys it (lower case). */
    public String ownerKey() {
        return ref().ownerKey();
    }

    /** This release as the source of a one-confirmation install ({@link Animus#installChain}). */
    public InstallChain.Source source() {
        return new InstallChain.Source.Release(ref());
    }

    ReleaseRef ref() {
        return ref(owner, repo, tag);
    }

    private static ReleaseRef ref(String owner, String repo, Optional<String> tag) {
        return new ReleaseRef(owner, repo, tag);
    }

    @Override
    public String toString() {
        return ref().toString();
    }
}
