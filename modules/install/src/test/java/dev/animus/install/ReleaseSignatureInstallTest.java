package dev.animus.install;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Fix;
import dev.animus.core.InstallRecord;
import dev.animus.core.PluginState;
import dev.animus.core.SignatureStatus;
import dev.animus.fetch.Fetcher;
import dev.animus.fetch.Platform;
import dev.animus.fetch.Progress;
import dev.animus.fetch.ReleaseRef;
import dev.animus.fetch.TrustAnchors;
import dev.animus.sigstore.TrustedRoot;
import dev.animus.sigstore.VerificationFailed;
import dev.animus.store.LockEntry;
import dev.animus.testhttps.TestCa;
import dev.animus.testsigstore.TestSigstore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Release installs check the release's Sigstore bundle (docs/security.md#signatures) against a
 * trusted root made at test time: a Fulcio-like CA, a CT log and a Rekor log with fresh keys, and
 * bundles signed through them, served with the release by a real HTTPS server on loopback.
 */
class ReleaseSignatureInstallTest {
    private static final String OWNER = "acme";
    private static final String REPO = "animus-plugin-pyecho";
    private static final String TAG = "v1.0.0";
    private static final String WORKFLOW =
            "https://github.com/" + OWNER + "/" + REPO + "/.github/workflows/release.yml@refs/tags/" + TAG;
    /** A minute before the home's fixed clock (2026-11-30T12:00:00Z), so the signing is in the past. */
    private static final TestSigstore SIGSTORE = TestSigstore.create(Instant.parse("2026-11-30T11:59:00Z"));

    @TempDir
    Path root;

    FakeGitHub github;
    AnimusHome home;
    byte[] archive;
    String asset;
    RemoteInstaller remote;
    Supplier<TrustedRoot> trustedRoot =
            () -> TrustedRoot.parse(SIGSTORE.trustedRootJson().getBytes(StandardCharsets.UTF_8), "the test root");

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(root.resolve("work"));
        github = new FakeGitHub(root.resolve("work"));
        home = Installs.home(root);
        archive = github.pyechoTarGz("");
        asset = FakeGitHub.assetName(REPO);
    }

    @AfterEach
    void tearDown() {
        if (remote != null) {
            remote.close();
        }
        github.close();
    }

    RemoteReport install(SignaturePolicy policy) throws IOException {
        remote = new RemoteInstaller(
                home,
                Fetcher.create(TrustAnchors.fromPemFile(TestCa.caPem())),
                github.api(),
                Platform.current(),
                Files.createDirectories(root.resolve("tmp")),
                trustedRoot);
        return remote.installRelease(
                ReleaseRef.parse(OWNER + "/" + REPO),
                new RemoteInstaller.Options(
                        Optional.empty(),
                        new PluginInstaller.PinPolicy(false, false),
                        InstallRequest.Guards.none(),
                        Optional.empty(),
                        policy),
                Progress.none());
    }

    void publish(byte[] served, String bundleName, String bundle) {
        List<FakeGitHub.Asset> assets = new ArrayList<>();
        assets.add(new FakeGitHub.Asset(asset, served, Optional.of(FakeGitHub.sha256(served))));
        if (bundle != null) {
            assets.add(new FakeGitHub.Asset(bundleName, bundle.getBytes(StandardCharsets.UTF_8), Optional.empty()));
        }
        github.release(OWNER, REPO, TAG, true, assets);
    }

    String signedBy(String identity, byte[] bytes) {
        return SIGSTORE.keyless(identity, ReleaseSignature.GITHUB_ISSUER).bundle(bytes);
    }

    InstallRecord recorded() {
        return home.state()
                .read()
                .state()
                .plugin("pyecho")
                .flatMap(PluginState::current)
                .orElseThrow();
    }

    LockEntry locked() {
        return home.lockfile().read().entry("pyecho").orElseThrow();
    }

    @Test
    void aReleaseSignedByItsRepositorysWorkflowOnTheTagIsVerifiedAndRecorded() throws IOException {
        String bundle = signedBy(WORKFLOW, archive);
        publish(archive, asset + ".sigstore.json", bundle);
        RemoteReport report = install(SignaturePolicy.STRICT);
        assertEquals(SignatureStatus.VERIFIED, report.signature().status());
        assertEquals(Optional.of(WORKFLOW), report.signature().signer());
        assertEquals(List.of(), report.warnings());
        String bundleSha256 = FakeGitHub.sha256(bundle.getBytes(StandardCharsets.UTF_8));
        assertEquals(report.signature(), recorded().signature(), "the state document records the check");
        assertEquals("verified", locked().signature());
        assertEquals(Optional.of(bundleSha256), locked().signatureBundleSha256());
    }

    @Test
    void aBundleNamedDotBundleIsFoundToo() throws IOException {
        publish(archive, asset + ".bundle", signedBy(WORKFLOW.replace("release.yml", "publish.yaml"), archive));
        assertEquals(
                SignatureStatus.VERIFIED,
                install(SignaturePolicy.WARN).signature().status());
    }

    @Test
    void aBundleMadeForAnotherRepositoryOfTheSameOwnerIsAnUntrustedSigner() throws IOException {
        String other = WORKFLOW.replace("/" + REPO + "/", "/animus-plugin-other/");
        publish(archive, asset + ".sigstore.json", signedBy(other, archive));
        RemoteReport warned = install(SignaturePolicy.WARN);
        assertEquals(SignatureStatus.UNTRUSTED_SIGNER, warned.signature().status());
        assertEquals(Optional.of(other), warned.signature().signer(), "who did sign is recorded");
        assertTrue(
                warned.warnings().stream().anyMatch(w -> w.contains("someone other than")),
                warned.warnings().toString());
        assertEquals("untrusted_signer", locked().signature());
        assertEquals(SignatureStatus.UNTRUSTED_SIGNER, recorded().signature().status());
    }

    @Test
    void aSignatureForAnotherTagIsAnUntrustedSigner() throws IOException {
        publish(archive, asset + ".sigstore.json", signedBy(WORKFLOW.replace(TAG, "v0.9.0"), archive));
        assertEquals(
                SignatureStatus.UNTRUSTED_SIGNER,
                install(SignaturePolicy.WARN).signature().status());
    }

    @Test
    void aTamperedArchiveIsInvalidAndStrictRefusesItLeavingNothingBehind() throws IOException {
        String bundle = signedBy(WORKFLOW, archive);
        byte[] tampered = tampered();
        publish(tampered, asset + ".sigstore.json", bundle); // the attacker swapped the archive and its checksum
        byte[] stateBefore = bytes(home.layout().stateFile());
        var refused = assertThrows(InstallFailed.class, () -> install(SignaturePolicy.STRICT));
        assertEquals(InstallFailed.Kind.VERIFICATION, refused.kind());
        assertTrue(
                refused.getMessage().contains("does not verify")
                        && refused.guidance().fixes().contains(new Fix.Choose(Fix.Choice.SIGNATURE_POLICY_STRICT)),
                refused.getMessage());
        assertArrayEquals(stateBefore, bytes(home.layout().stateFile()), "nothing recorded");
        assertEquals(List.of(), home.store().digests(), "nothing stored");
    }

    @Test
    void aTamperedArchiveUnderWarnIsInstalledAndRecordedInvalid() throws IOException {
        String bundle = signedBy(WORKFLOW, archive);
        publish(tampered(), asset + ".sigstore.json", bundle);
        RemoteReport warned = install(SignaturePolicy.WARN);
        assertEquals(SignatureStatus.INVALID, warned.signature().status());
        assertEquals(Optional.empty(), warned.signature().signer());
        assertEquals("invalid", locked().signature());
    }

    @Test
    void aBundleThatIsNotJsonIsInvalid() throws IOException {
        publish(archive, asset + ".sigstore.json", "{not json");
        assertEquals(
                SignatureStatus.INVALID,
                install(SignaturePolicy.WARN).signature().status());
    }

    @Test
    void anUnsignedReleaseIsWarnedAboutUnderWarnAndRefusedUnderStrict() throws IOException {
        publish(archive, null, null);
        var refused = assertThrows(InstallFailed.class, () -> install(SignaturePolicy.STRICT));
        assertTrue(refused.getMessage().contains("no signature bundle"), refused.getMessage());
        assertFalse(Files.exists(home.layout().stateFile()));
        RemoteReport warned = install(SignaturePolicy.WARN);
        assertEquals(SignatureStatus.UNSIGNED, warned.signature().status());
        assertTrue(
                warned.warnings().stream().anyMatch(w -> w.contains("no signature bundle")),
                warned.warnings().toString());
        assertEquals("unsigned", locked().signature());
    }

    @Test
    void disabledLooksForNoBundleAndRecordsSkipped() throws IOException {
        publish(archive, asset + ".sigstore.json", "{not even read");
        RemoteReport skipped = install(SignaturePolicy.DISABLED);
        assertEquals(SignatureStatus.SKIPPED, skipped.signature().status());
        assertTrue(
                github.server.requests().stream().noneMatch(r -> r.contains(".sigstore.json")),
                github.server.requests().toString());
        assertEquals("skipped", locked().signature());
    }

    @Test
    void anUnreadableTrustedRootIsTheOperatorsErrorNotTheBundles() throws IOException {
        publish(archive, asset + ".sigstore.json", signedBy(WORKFLOW, archive));
        trustedRoot = () -> TrustedRoot.parse("{}".getBytes(StandardCharsets.UTF_8), "broken.json");
        var failed = assertThrows(VerificationFailed.class, () -> install(SignaturePolicy.WARN));
        assertEquals(VerificationFailed.Reason.MALFORMED_TRUSTED_ROOT, failed.reason());
        assertFalse(Files.exists(home.layout().stateFile()), "nothing installed");
    }

    /** A well-formed archive with other contents than the one that was signed (a swapped release asset). */
    byte[] tampered() throws IOException {
        try {
            return github.pyechoTarGz("# and a little something extra\n");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    static byte[] bytes(Path p) throws IOException {
        return Files.exists(p) ? Files.readAllBytes(p) : new byte[0];
    }
}
