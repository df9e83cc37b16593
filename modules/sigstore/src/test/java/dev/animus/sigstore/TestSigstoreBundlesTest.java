package dev.animus.sigstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.animus.sigstore.VerificationFailed.Reason;
import dev.animus.testsigstore.BundleOptions;
import dev.animus.testsigstore.Signer;
import dev.animus.testsigstore.TestSigstore;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Bundles made by a test-time Sigstore: the correct one verifies, each broken one fails for its own reason. */
class TestSigstoreBundlesTest {
    static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    static final String IDENTITY = "https://github.com/acme/tool/.github/workflows/release.yml@refs/tags/v1.0.0";
    static final String ISSUER = "https://token.actions.githubusercontent.com";
    static final TestSigstore SIGSTORE = TestSigstore.create(NOW);
    static final TrustedRoot ROOT =
            TrustedRoot.parse(SIGSTORE.trustedRootJson().getBytes(StandardCharsets.UTF_8), "test");
    static final byte[] ARTIFACT = "the release".getBytes(StandardCharsets.UTF_8);
    static final SigstoreVerifier VERIFIER =
            new SigstoreVerifier(ROOT, Clock.fixed(NOW.plusSeconds(60), ZoneOffset.UTC));

    static Verified verify(String bundle, VerificationPolicy policy) {
        return VERIFIER.verify(
                Bundle.parse(bundle.getBytes(StandardCharsets.UTF_8), "test"), Crypto.sha256(ARTIFACT), policy);
    }

    static Reason failure(String bundle, VerificationPolicy policy) {
        return assertThrows(VerificationFailed.class, () -> verify(bundle, policy))
                .reason();
    }

    @Test
    void aCorrectKeylessBundleVerifies() {
        Signer signer = SIGSTORE.keyless(IDENTITY, ISSUER);
        Verified verified = verify(signer.bundle(ARTIFACT), IdentityPolicy.exact(IDENTITY, ISSUER));
        assertEquals(Optional.of(IDENTITY), verified.identity());
        assertEquals(Optional.of(ISSUER), verified.issuer());
    }

    @Test
    void aCorrectDsseBundleVerifies() {
        Signer signer = SIGSTORE.keyless(IDENTITY, ISSUER);
        verify(signer.dsseBundle(ARTIFACT, "tool", BundleOptions.defaults()), IdentityPolicy.exact(IDENTITY, ISSUER));
    }

    @Test
    void aCorrectManagedKeyBundleVerifies() {
        Signer signer = SIGSTORE.managedKey();
        verify(signer.bundle(ARTIFACT), KeyPolicy.fromPem(signer.publicKeyPem()));
    }

    @Test
    void anotherRepositoryIsAnIdentityMismatch() {
        Signer signer = SIGSTORE.keyless(IDENTITY.replace("/tool/", "/other/"), ISSUER);
        assertEquals(
                Reason.IDENTITY_MISMATCH, failure(signer.bundle(ARTIFACT), IdentityPolicy.exact(IDENTITY, ISSUER)));
    }
}
