package dev.animus.install;

import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.InstallSource;
import dev.animus.core.SignatureCheck;
import dev.animus.core.SourceKind;
import dev.animus.fetch.ArchiveKind;
import dev.animus.fetch.ArchivePick;
import dev.animus.fetch.Archives;
import dev.animus.fetch.AssetChoice;
import dev.animus.fetch.Downloaded;
import dev.animus.fetch.FetchPolicy;
import dev.animus.fetch.Fetcher;
import dev.animus.fetch.Platform;
import dev.animus.fetch.Progress;
import dev.animus.fetch.Release;
import dev.animus.fetch.ReleaseAsset;
import dev.animus.fetch.ReleaseRef;
import dev.animus.fetch.TrustAnchors;
import dev.animus.sigstore.SigstoreVerifier;
import dev.animus.sigstore.TrustedRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Installs from the network (docs/security.md#downloads-and-archives,
 * docs/security.md#install-guards): a direct HTTPS URL with its SHA-256, or a GitHub release.
 * Everything is downloaded and extracted in a private staging directory that is always removed; the
 * chosen executable or plugin directory then goes through {@link PluginInstaller}, so nothing
 * persisted changes unless every check held.
 *
 * <p>Thread-safe. Owns its {@link Fetcher}: {@link #close()} releases it (idempotent).
 */
public final class RemoteInstaller implements AutoCloseable {
    /** More entries than any plugin needs; a bound against archives built to exhaust inodes. */
    static final int MAX_ENTRIES = 10_000;

    private final AnimusHome home;
    private final Fetcher fetcher;
    private final URI githubApi;
    private final Platform platform;
    private final Path tmpRoot;
    private final Supplier<TrustedRoot> trustedRoot;

    /**
     * @param trustedRoot the Sigstore trusted root release signatures are checked against; asked
     *     only when a release publishes a signature bundle
     */
    public RemoteInstaller(
            AnimusHome home,
            Fetcher fetcher,
            URI githubApi,
            Platform platform,
            Path tmpRoot,
            Supplier<TrustedRoot> trustedRoot) {
        this.home = Objects.requireNonNull(home, "home");
        this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
        this.githubApi = Objects.requireNonNull(githubApi, "githubApi");
        this.platform = Objects.requireNonNull(platform, "platform");
        this.tmpRoot = Objects.requireNonNull(tmpRoot, "tmpRoot");
        this.trustedRoot = Objects.requireNonNull(trustedRoot, "trustedRoot");
    }

    /**
     * From the caller's environment: {@code ANIMUS_GITHUB_API} (default {@code https://api.github.com}),
     * {@code ANIMUS_CA_CERTS} (else the JDK's trust anchors), {@code ANIMUS_SIGSTORE_TRUSTED_ROOT}
     * (else the built-in Sigstore root), {@code TMPDIR}, and this machine's platform.
     */
    public static RemoteInstaller fromEnvironment(AnimusHome home) {
        Map<String, String> env = home.callerEnvironment();
        String api = env.getOrDefault("ANIMUS_GITHUB_API", "https://api.github.com");
        return new RemoteInstaller(
                home,
                Fetcher.create(TrustAnchors.fromEnvironment(env)),
                URI.create(api.endsWith("/") ? api.substring(0, api.length() - 1) : api),
                Platform.current(),
                Staging.tmpRoot(env),
                () -> SigstoreRoot.fromEnvironment(env));
    }

    /** The operator's choices for one download install. */
    public record Options(
            Optional<String> name,
            PluginInstaller.PinPolicy pins,
            InstallRequest.Guards guards,
            Optional<TrustConfirmation> trust,
            SignaturePolicy signatures) {
        public Options {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(pins, "pins");
            Objects.requireNonNull(guards, "guards");
            Objects.requireNonNull(trust, "trust");
            Objects.requireNonNull(signatures, "signatures");
        }
    }

    /** Asked, once the digest is known, whether to trust the code in the same act ({@code --trust}). */
    @FunctionalInterface
    public interface TrustConfirmation {
        /** Returns normally when confirmed; throws (the install is then abandoned) when not. */
        void confirm(PluginInstaller.Identity identity);
    }

    /**
     * {@code plugin install --url U --sha256 H}: U must be HTTPS; redirects may stay on U's host only.
     *
     * @throws InstallFailed when the bytes do not have {@code sha256} (exit 3) or nothing installable is in them
     */
    public RemoteReport installUrl(URI url, String sha256, Options o, Progress progress) {
        FetchPolicy policy = FetchPolicy.defaults(Set.of(Objects.requireNonNullElse(url.getHost(), "")));
        String fileName = fileName(url.getPath(), "download");
        try (Staging staging = Staging.create(tmpRoot)) {
            Path file = staging.dir().resolve(fileName);
            Downloaded d = fetcher.download(url, file, policy, progress);
            if (!d.sha256().equals(sha256)) {
                throw InstallFailed.verification(Guidance.of(
                        url + ": expected sha256 " + sha256 + " (",
                        new Fix.Choose(Fix.Choice.SHA256),
                        "), downloaded " + d.sha256() + "; nothing was installed"));
            }
            String hint = o.name().orElse(stem(fileName));
            Path code = unpack(file, staging, policy, hint);
            InstallSource source =
                    new InstallSource(SourceKind.URL, url.toString(), Optional.empty(), Optional.empty(), true);
            return new RemoteReport(
                    install(code, source, o, o.name(), SignatureCheck.unsigned()),
                    source,
                    Guidance.of(new Fix.Choose(Fix.Choice.SHA256)),
                    SignatureCheck.unsigned(),
                    List.of());
        }
    }

    /**
     * {@code plugin install owner/repo[@tag]}: the latest (or tagged) release's asset for this
     * platform, checked against the first checksum the release publishes.
     */
    public RemoteReport installRelease(ReleaseRef ref, Options o, Progress progress) {
        Set<String> hosts = new HashSet<>(FetchPolicy.GITHUB_HOSTS);
        hosts.add(Objects.requireNonNullElse(githubApi.getHost(), ""));
        FetchPolicy policy = FetchPolicy.defaults(hosts);
        URI api = ref.apiUri(githubApi);
        Release release = Release.parse(fetcher.fetchBytes(api, policy), api.toString());
        ReleaseAsset asset = switch (AssetChoice.choose(release, platform)) {
            case AssetChoice.Chosen c -> c.asset();
            case AssetChoice.None n ->
                throw InstallFailed.usage(ref.owner() + "/" + ref.repo() + " " + release.tag() + ": " + n.reason());
        };
        try (Staging staging = Staging.create(tmpRoot)) {
            Path file = staging.dir().resolve(fileName(asset.name(), "asset"));
            Downloaded d = fetcher.download(asset.downloadUrl(), file, policy, progress);
            ReleaseChecksum.Verdict verdict = ReleaseChecksum.check(fetcher, policy, release, asset, d.sha256());
            ReleaseSignature.Outcome signature = ReleaseSignature.check(
                    fetcher,
                    policy,
                    release,
                    asset,
                    ref,
                    d.sha256(),
                    o.signatures(),
                    () -> new SigstoreVerifier(trustedRoot.get(), home.clock()));
            Path code = unpack(file, staging, policy, ref.repo());
            String expected = PluginNames.fromRepository(ref.repo());
            InstallSource source = new InstallSource(
                    SourceKind.GITHUB,
                    ref.owner() + "/" + ref.repo(),
                    Optional.of(release.tag()),
                    Optional.of(asset.name()),
                    verdict.verified());
            Options guarded = new Options(
                    o.name(),
                    o.pins(),
                    new InstallRequest.Guards(
                            Optional.of(expected),
                            o.guards().allowNameMismatch(),
                            o.guards().allowShadowBuiltin()),
                    o.trust(),
                    o.signatures());
            InstallReport report =
                    install(code, source, guarded, Optional.of(o.name().orElse(expected)), signature.check());
            List<String> warnings = new ArrayList<>(verdict.warnings());
            warnings.addAll(signature.warnings());
            return new RemoteReport(report, source, Guidance.text(verdict.label()), signature.check(), warnings);
        }
    }

    @Override
    public void close() {
        fetcher.close();
    }

    private InstallReport install(
            Path code, InstallSource source, Options o, Optional<String> name, SignatureCheck signature) {
        PluginInstaller installer = new PluginInstaller(home);
        Optional<String> shown = Optional.empty();
        if (o.trust().isPresent()) {
            PluginInstaller.Identity id = installer.identify(code, name);
            o.trust().get().confirm(id);
            shown = Optional.of(id.digest());
        }
        return installer.install(new InstallRequest(code, name, source, o.pins(), shown, o.guards(), signature));
    }

    /** The downloaded file itself (made executable), or what {@link ArchivePick} finds in it once extracted. */
    private static Path unpack(Path file, Staging staging, FetchPolicy policy, String nameHint) {
        Optional<ArchiveKind> kind = Archives.kindOf(file.getFileName().toString());
        if (kind.isEmpty()) {
            PluginNames.makeExecutable(file);
            return file;
        }
        Path into = staging.dir().resolve("extracted");
        try {
            Files.createDirectory(into);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + into + ": " + e.getMessage(), e);
        }
        Archives.extract(file, kind.get(), into, policy.maxInflatedBytes(), MAX_ENTRIES);
        return switch (ArchivePick.from(into, nameHint)) {
            case ArchivePick.Tree t -> t.dir();
            case ArchivePick.Executable e -> e.file();
            case ArchivePick.NotFound n -> throw InstallFailed.usage(file.getFileName() + ": " + n.reason());
        };
    }

    /** The last segment of a URL path or an asset name, if it is a plain file name; else {@code fallback}. */
    static String fileName(String path, String fallback) {
        String last = path == null ? "" : path.substring(path.lastIndexOf('/') + 1);
        return last.isEmpty()
                        || last.equals(".")
                        || last.equals("..")
                        || last.contains("\\")
                        || last.chars().anyMatch(Character::isISOControl)
                ? fallback
                : last;
    }

    private static String stem(String fileName) {
        for (String ext : new String[] {".tar.gz", ".tgz", ".zip"}) {
            if (fileName.endsWith(ext)) {
                return fileName.substring(0, fileName.length() - ext.length());
            }
        }
        return fileName;
    }
}
