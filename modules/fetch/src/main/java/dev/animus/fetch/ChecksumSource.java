package dev.animus.fetch;

import dev.animus.core.Digests;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where the SHA-256 an asset is verified against comes from
 * (docs/security.md#downloads-and-archives), best first: the asset's {@code <asset>.sha256}
 * sidecar, the release's sums file ({@code SHA256SUMS}, {@code checksums.txt}, ...), the digest
 * GitHub's API computed on upload; with none of them the install goes ahead
 * {@link Unverified unverified}, with a warning, and is recorded so.
 */
public sealed interface ChecksumSource {
    /** The digest from the asset's own sidecar file. */
    record Sidecar(String sha256) implements ChecksumSource {
        public Sidecar {
            Digests.requireSha256(sha256, "the sidecar digest");
        }
    }

    /** The digest from the release's sums file {@code file}. */
    record Sums(String file, String sha256) implements ChecksumSource {
        public Sums {
            Objects.requireNonNull(file, "file");
            Digests.requireSha256(sha256, "the digest from " + file);
        }
    }

    /** The digest GitHub's API gives for the asset ({@code "digest": "sha256:…"}). */
    record ApiDigest(String sha256) implements ChecksumSource {
        public ApiDigest {
            Digests.requireSha256(sha256, "the API digest");
        }
    }

    /** Nothing says what the asset's digest should be. */
    record Unverified() implements ChecksumSource {}

    /** Where the digest came from, for messages and install records: {@code sidecar}, {@code SHA256SUMS}, ... */
    default String label() {
        return switch (this) {
            case Sidecar _ -> "sidecar .sha256";
            case Sums s -> "sums file " + s.file();
            case ApiDigest _ -> "GitHub API digest";
            case Unverified _ -> "unverified";
        };
    }

    /** The digest the downloaded bytes must have; empty when {@link Unverified}. */
    default Optional<String> expected() {
        return switch (this) {
            case Sidecar s -> Optional.of(s.sha256());
            case Sums s -> Optional.of(s.sha256());
            case ApiDigest a -> Optional.of(a.sha256());
            case Unverified _ -> Optional.empty();
        };
    }

    /**
     * The best source for {@code asset}: its sidecar when the release has one; else the sums file
     * when the release has one and it has a line for the asset; else the API digest; else
     * {@link Unverified}. Only the files needed are fetched, each once. When GitHub's API digest is
     * known, a sidecar or sums line must agree with it: two sources that disagree mean one of them
     * is not what the maintainers published.
     *
     * @param fetch the bytes of an asset of {@code release} (a sidecar or sums file); the caller
     *     bounds the download, and whatever it throws passes through
     * @throws ChecksumInvalid when the file fetched is not UTF-8, cannot be read (see
     *     {@link Checksums}), or contradicts the API digest
     */
    static ChecksumSource resolve(Release release, ReleaseAsset asset, Function<ReleaseAsset, byte[]> fetch) {
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(fetch, "fetch");
        Optional<ReleaseAsset> sidecar = Checksums.sidecarOf(release, asset);
        if (sidecar.isPresent()) {
            String file = sidecar.get().name();
            String sha256 = Checksums.parseSidecar(file, text(file, fetch.apply(sidecar.get())), asset.name());
            return agreeing(new Sidecar(sha256), file, asset);
        }
        Optional<ReleaseAsset> sums = Checksums.sumsFileOf(release);
        if (sums.isPresent()) {
            String file = sums.get().name();
            Optional<String> line = Checksums.parseSums(file, text(file, fetch.apply(sums.get())), asset.name());
            if (line.isPresent()) {
                return agreeing(new Sums(file, line.get()), file, asset);
            }
        }
        return asset.sha256().<ChecksumSource>map(ApiDigest::new).orElseGet(Unverified::new);
    }

    private static ChecksumSource agreeing(ChecksumSource source, String file, ReleaseAsset asset) {
        String claimed = source.expected().orElseThrow();
        asset.sha256().filter(api -> !api.equals(claimed)).ifPresent(api -> {
            throw new ChecksumInvalid(
                    file,
                    "it gives " + claimed + " for " + Names.quote(asset.name()) + " but GitHub computed " + api
                            + " when the asset was uploaded");
        });
        return source;
    }

    private static String text(String file, byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(Objects.requireNonNull(bytes, "fetched bytes")))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ChecksumInvalid(file, "it is not UTF-8 text");
        }
    }
}
