package dev.animus.install;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.InstallStage;
import dev.animus.core.Installation;
import dev.animus.core.SourceKind;
import dev.animus.fetch.FetchFailed;
import dev.animus.fetch.Fetcher;
import dev.animus.fetch.Platform;
import dev.animus.fetch.Progress;
import dev.animus.fetch.ReleaseRef;
import dev.animus.fetch.TrustAnchors;
import dev.animus.sigstore.TrustedRoot;
import dev.animus.testhttps.LoopbackHttps;
import dev.animus.testhttps.TestCa;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Release and URL installs against a real HTTPS server on loopback that plays GitHub. */
class RemoteInstallTest {
    private static final String OWNER = "acme";
    private static final String REPO = "animus-plugin-pyecho";

    @TempDir
    Path root;

    FakeGitHub github;
    AnimusHome home;
    Path tmp;
    byte[] archive;
    String asset;

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(root.resolve("work"));
        github = new FakeGitHub(root.resolve("work"));
        home = Installs.home(root);
        tmp = Files.createDirectories(root.resolve("tmp"));
        archive = github.pyechoTarGz("");
        asset = FakeGitHub.assetName(REPO);
    }

    RemoteInstaller remote;

    @AfterEach
    void tearDown() {
        if (remote != null) {
            remote.close();
        }
        github.close();
    }

    RemoteInstaller installer() {
        if (remote == null) {
            remote = new RemoteInstaller(
                    home,
                    Fetcher.create(TrustAnchors.fromPemFile(TestCa.caPem())),
                    github.api(),
                    Platform.current(),
                    tmp,
                    TrustedRoot::production);
        }
        return remote;
    }

    static RemoteInstaller.Options options() {
        return new RemoteInstaller.Options(
                Optional.empty(),
                new PluginInstaller.PinPolicy(false, false),
                InstallRequest.Guards.none(),
                Optional.empty(),
                SignaturePolicy.WARN);
    }

    RemoteReport install(String ref) {
        return installer().installRelease(ReleaseRef.parse(ref), options(), Progress.none());
    }

    FakeGitHub.Asset withSidecar(String name, String digest) {
        return new FakeGitHub.Asset(
                name + ".sha256", (digest + "  " + name + "\n").getBytes(StandardCharsets.UTF_8), Optional.empty());
    }

    /** Everything a failed install must leave as it was. */
    record Before(List<String> tmp, List<String> store, byte[] state, byte[] lock) {}

    Before before() throws IOException {
        return new Before(
                list(tmp),
                home.store().digests(),
                bytes(home.layout().stateFile()),
                bytes(home.lockfile().file()));
    }

    void assertUnchanged(Before b) throws IOException {
        assertEquals(b.tmp(), list(tmp), "a staging directory was left in TMPDIR");
        assertEquals(b.store(), home.store().digests(), "a store entry was left");
        assertArrayEquals(b.state(), bytes(home.layout().stateFile()), "the state document changed");
        assertArrayEquals(b.lock(), bytes(home.lockfile().file()), "the lockfile changed");
    }

    static List<String> list(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    static byte[] bytes(Path p) throws IOException {
        return Files.exists(p) ? Files.readAllBytes(p) : new byte[0];
    }

    @Nested
    class Releases {
        @Test
        void theLatestReleaseIsInstalledFromThisPlatformsAssetAndRecordedWithItsSource() throws IOException {
            github.release(
                    OWNER,
                    REPO,
                    "v1.0.0",
                    true,
                    List.of(
                            new FakeGitHub.Asset(asset, archive, Optional.empty()),
                            withSidecar(asset, FakeGitHub.sha256(archive)),
                            new FakeGitHub.Asset(REPO + "-other-os-m68k.tar.gz", new byte[] {1}, Optional.empty())));
            RemoteReport r = install(OWNER + "/" + REPO);
            assertEquals("pyecho", r.install().name());
            assertEquals(SourceKind.GITHUB, r.source().kind());
            assertEquals("acme/" + REPO, r.source().origin());
            assertEquals(Optional.of("v1.0.0"), r.source().tag());
            assertEquals(Optional.of(asset), r.source().asset());
            assertTrue(r.source().sha256Verified());
            var record = home.state()
                    .read()
                    .state()
                    .plugin("pyecho")
                    .orElseThrow()
                    .current()
                    .orElseThrow();
            assertEquals(r.source(), record.source());
            var pin = home.lockfile().read().entry("pyecho").orElseThrow();
            assertEquals(record.digest(), pin.artifactSha256());
            assertEquals(Optional.of("v1.0.0"), pin.source().tag());
            assertEquals(List.of(), list(tmp), "the staging directory is removed");
        }

        @Test
        void aTaggedReleaseIsTheOneInstalled() throws Exception {
            byte[] old = github.pyechoTarGz("# v0.9\n");
            github.release(
                    OWNER,
                    REPO,
                    "v1.0.0",
                    true,
                    List.of(new FakeGitHub.Asset(asset, archive, Optional.of(FakeGitHub.sha256(archive)))));
            github.release(
                    OWNER,
                    REPO,
                    "v0.9.0",
                    false,
                    List.of(new FakeGitHub.Asset(asset, old, Optional.of(FakeGitHub.sha256(old)))));
            RemoteReport r = install(OWNER + "/" + REPO + "@v0.9.0");
            assertEquals(Optional.of("v0.9.0"), r.source().tag());
            assertEquals(Guidance.text("GitHub API digest"), r.checksum());
        }
    }

    @Nested
    class Checksums {
        @Test
        void eachChecksumSourceVerifiesAndAMismatchInEachIsRefusedLeavingNothingBehind() throws IOException {
            String good = FakeGitHub.sha256(archive);
            String bad = "0".repeat(64);
            List<List<FakeGitHub.Asset>> matching = List.of(
                    List.of(new FakeGitHub.Asset(asset, archive, Optional.empty()), withSidecar(asset, good)),
                    List.of(new FakeGitHub.Asset(asset, archive, Optional.empty()), sums(good)),
                    List.of(new FakeGitHub.Asset(asset, archive, Optional.of(good))));
            List<List<FakeGitHub.Asset>> mismatching = List.of(
                    List.of(new FakeGitHub.Asset(asset, archive, Optional.empty()), withSidecar(asset, bad)),
                    List.of(new FakeGitHub.Asset(asset, archive, Optional.empty()), sums(bad)),
                    List.of(new FakeGitHub.Asset(asset, archive, Optional.of(bad))));
            for (int i = 0; i < 3; i++) {
                github.release(OWNER, REPO, "bad" + i, false, mismatching.get(i));
                Before b = before();
                String tag = "bad" + i;
                var refused = assertThrows(InstallFailed.class, () -> install(OWNER + "/" + REPO + "@" + tag));
                assertEquals(InstallFailed.Kind.VERIFICATION, refused.kind(), refused.getMessage());
                assertTrue(
                        refused.getMessage().contains(bad)
                                && refused.getMessage().contains(good),
                        refused.getMessage());
                assertUnchanged(b);
            }
            List<String> labels = List.of("sidecar", "SHA256SUMS", "GitHub API digest");
            for (int i = 0; i < 3; i++) {
                github.release(OWNER, REPO, "good" + i, false, matching.get(i));
                RemoteReport r = install(OWNER + "/" + REPO + "@good" + i);
                assertTrue(r.source().sha256Verified());
                assertTrue(
                        r.checksum().toString().contains(labels.get(i)),
                        r.checksum().toString());
                new TrustService(home).remove("pyecho");
            }
        }

        @Test
        void noChecksumAtAllInstallsUnverifiedWithAWarning() {
            github.release(OWNER, REPO, "v1", true, List.of(new FakeGitHub.Asset(asset, archive, Optional.empty())));
            RemoteReport r = install(OWNER + "/" + REPO);
            assertFalse(r.source().sha256Verified());
            assertTrue(
                    r.warnings().getFirst().contains("unverified"), r.warnings().toString());
            assertFalse(home.lockfile()
                    .read()
                    .entry("pyecho")
                    .orElseThrow()
                    .source()
                    .sha256Verified());
        }

        private FakeGitHub.Asset sums(String digest) {
            return new FakeGitHub.Asset(
                    "SHA256SUMS", (digest + "  " + asset + "\n").getBytes(StandardCharsets.UTF_8), Optional.empty());
        }
    }

    @Nested
    class Refusals {
        @Test
        void aRedirectToAHostThatIsNotAllowedIsRefusedBeforeItsBodyIsRequested() throws IOException {
            github.server.route("/elsewhere/" + asset, LoopbackHttps.bytes(archive));
            github.server.route(
                    "/dl/moved", LoopbackHttps.redirect(github.server.uri("localhost", "/elsewhere/" + asset), 302));
            String json =
                    "{\"tag_name\": \"v1\", \"assets\": [{\"name\": \"" + asset + "\", \"browser_download_url\": \""
                            + github.server.uri("/dl/moved") + "\", \"size\": " + archive.length + "}]}";
            github.server.route("/api/repos/" + OWNER + "/" + REPO + "/releases/latest", LoopbackHttps.json(json));
            Before b = before();
            var refused = assertThrows(FetchFailed.class, () -> install(OWNER + "/" + REPO));
            assertEquals(FetchFailed.Reason.HOST_NOT_ALLOWED, refused.reason());
            assertFalse(
                    github.server.requests().contains("/elsewhere/" + asset),
                    github.server.requests().toString());
            assertUnchanged(b);
        }

        @Test
        void aManifestNamedOtherThanTheRepositoryIsRefusedUnlessForced() throws Exception {
            Path tree = Installs.tree(root.resolve("work/tree"), "");
            Files.writeString(
                    tree.resolve("Plugin.toml"),
                    Files.readString(tree.resolve("Plugin.toml")).replace("name = \"pyecho\"", "name = \"impostor\""));
            Path out = root.resolve("work/tree.tar.gz");
            Process p = new ProcessBuilder(
                            "tar",
                            "-czf",
                            out.toString(),
                            "-C",
                            tree.getParent().toString(),
                            "tree")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().transferTo(OutputStream.nullOutputStream());
            assertEquals(0, p.waitFor());
            byte[] treeArchive = Files.readAllBytes(out);
            github.release(
                    OWNER,
                    REPO,
                    "v1",
                    true,
                    List.of(new FakeGitHub.Asset(asset, treeArchive, Optional.of(FakeGitHub.sha256(treeArchive)))));
            Before b = before();
            var refused = assertThrows(InstallFailed.class, () -> install(OWNER + "/" + REPO));
            assertTrue(
                    refused.getMessage().contains("impostor")
                            && refused.guidance().fixes().contains(new Fix.Choose(Fix.Choice.FORCE)),
                    refused.getMessage());
            assertUnchanged(b);
            RemoteReport forced = installer()
                    .installRelease(
                            ReleaseRef.parse(OWNER + "/" + REPO),
                            new RemoteInstaller.Options(
                                    Optional.empty(),
                                    new PluginInstaller.PinPolicy(false, false),
                                    new InstallRequest.Guards(Optional.empty(), true, false),
                                    Optional.empty(),
                                    SignaturePolicy.WARN),
                            Progress.none());
            assertEquals("pyecho", forced.install().name(), "installed under the repository's name");
        }
    }

    @Nested
    class NameOfABinary {
        @Test
        void aReleasedBinaryWhoseManifestNamesAnotherPluginIsNotTrustedUnlessForced() throws IOException {
            String repo = "animus-plugin-lint";
            String lintAsset = FakeGitHub.assetName(repo);
            github.release(
                    OWNER,
                    repo,
                    "v1",
                    true,
                    List.of(new FakeGitHub.Asset(lintAsset, archive, Optional.of(FakeGitHub.sha256(archive)))));
            RemoteReport r =
                    installer().installRelease(ReleaseRef.parse(OWNER + "/" + repo), options(), Progress.none());
            assertEquals("lint", r.install().name(), "named after the repository");
            long revision = home.state().read().state().revision();
            var refused = assertThrows(
                    InstallFailed.class,
                    () -> new TrustService(home).trust("lint", r.install().digest()));
            assertTrue(
                    refused.getMessage().contains("'pyecho'")
                            && refused.guidance().fixes().contains(new Fix.Choose(Fix.Choice.FORCE)),
                    refused.getMessage());
            assertEquals(revision, home.state().read().state().revision(), "nothing was trusted");
            new TrustService(home).trust("lint", r.install().digest(), true);
            assertEquals(
                    InstallStage.TRUSTED, Installation.stage(home.state().read().state(), "lint", "default"));
        }
    }

    @Nested
    class DirectUrls {
        @Test
        void aUrlInstallChecksTheGivenDigestAndRefusesAnyOther() throws IOException {
            github.server.route("/files/" + asset, LoopbackHttps.bytes(archive));
            var url = github.server.uri("/files/" + asset);
            Before b = before();
            var refused = assertThrows(
                    InstallFailed.class, () -> installer().installUrl(url, "1".repeat(64), options(), Progress.none()));
            assertEquals(InstallFailed.Kind.VERIFICATION, refused.kind());
            assertUnchanged(b);
            RemoteReport r = installer().installUrl(url, FakeGitHub.sha256(archive), options(), Progress.none());
            assertEquals(SourceKind.URL, r.source().kind());
            assertEquals(url.toString(), r.source().origin());
            assertTrue(r.source().sha256Verified());
        }
    }
}
