package dev.animus.fetch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Which asset of a release to download for a platform.
 *
 * <p>Candidates are the assets whose name holds, as a word (delimited by the start or end of
 * the name or one of {@code - _ . space}, case-insensitively), one of the platform's OS tokens
 * and one of its architecture tokens; so {@code tool_Linux_x86_64.zip} is a candidate on
 * linux/x86_64 but {@code tool-linuxish-x64} is not. Checksum, signature, certificate and note
 * files ({@code .sha256}, {@code .sha256sum}, {@code SHA256SUMS*}, {@code .sig}, {@code .pem},
 * {@code .bundle}, {@code .sigstore.json}, {@code .asc}, {@code .txt}, ...) are never candidates,
 * and neither are formats animus can neither extract nor run ({@code .deb}, {@code .rpm},
 * {@code .dmg}, {@code .tar.xz}, {@code .json}, ...). Archives ({@code .tar.gz}, {@code .tgz},
 * {@code .zip}) and bare executables rank equally. Among several candidates the one naming the
 * earliest architecture token wins ({@code x86_64} before {@code amd64} before {@code x64}), then
 * the shortest name, then the first name in code-point order, so the choice never depends on
 * the API's order.
 */
public sealed interface AssetChoice {
    /** This asset is the one for the platform. */
    record Chosen(ReleaseAsset asset) implements AssetChoice {
        public Chosen {
            Objects.requireNonNull(asset, "asset");
        }
    }

    /**
     * No asset is for the platform.
     *
     * @param reason one line: the release, the platform and its tokens, every asset name, and what to do
     */
    record None(String reason) implements AssetChoice {
        public None {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The asset of {@code release} for {@code platform}, by the rules above. */
    static AssetChoice choose(Release release, Platform platform) {
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(platform, "platform");
        record Candidate(ReleaseAsset asset, int archRank) {}
        List<Candidate> candidates = new ArrayList<>();
        for (ReleaseAsset a : release.assets()) {
            OptionalInt arch = AssetNames.firstToken(a.name(), platform.archTokens());
            if (AssetNames.isInstallable(a.name())
                    && arch.isPresent()
                    && AssetNames.firstToken(a.name(), platform.osTokens()).isPresent()) {
                candidates.add(new Candidate(a, arch.getAsInt()));
            }
        }
        return candidates.stream()
                .min(Comparator.comparingInt(Candidate::archRank)
                        .thenComparingInt((Candidate c) -> c.asset().name().length())
                        .thenComparing(c -> c.asset().name()))
                .<AssetChoice>map(c -> new Chosen(c.asset()))
                .orElseGet(() -> new None(noneFor(release, platform)));
    }

    private static String noneFor(Release release, Platform platform) {
        List<String> names = release.assets().stream().map(ReleaseAsset::name).toList();
        return "the release " + Names.quote(release.tag()) + " has no asset for " + platform
                + " (a .tar.gz, .tgz, .zip or executable whose name holds one of " + platform.osTokens()
                + " and one of " + platform.archTokens() + " as a word); its assets are: " + Names.list(names)
                + "; ask the maintainers for a " + platform + " build, or install from a local path";
    }
}
