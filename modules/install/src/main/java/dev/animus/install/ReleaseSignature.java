package dev.animus.install;

import dev.animus.core.Digests;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.SignatureCheck;
import dev.animus.core.SignatureStatus;
import dev.animus.fetch.FetchPolicy;
import dev.animus.fetch.Fetcher;
import dev.animus.fetch.Release;
import dev.animus.fetch.ReleaseAsset;
import dev.animus.fetch.ReleaseRef;
import dev.animus.sigstore.Bundle;
import dev.animus.sigstore.IdentityPolicy;
import dev.animus.sigstore.SigningMaterial;
import dev.animus.sigstore.SigstoreVerifier;
import dev.animus.sigstore.VerificationFailed;
import dev.animus.sigstore.Verified;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The signature check of a release asset (docs/security.md#signatures): the release's
 * {@code <asset>.sigstore.json} or {@code <asset>.bundle} is verified offline against the trusted
 * root, for an identity pinned to the repository's workflows on the release's tag and GitHub
 * Actions' OIDC issuer.
 */
final class ReleaseSignature {
    static final String GITHUB_ISSUER = "https://token.actions.githubusercontent.com";
    /** Bundles are a few kilobytes; a bigger one is not a bundle. */
    private static final long MAX_BUNDLE_BYTES = 1 << 20;

    private ReleaseSignature() {}

    /** The check's outcome and what the operator should be told about it. */
    record Outcome(SignatureCheck check, List<String> warnings) {}

    /** The names a bundle for {@code asset} may have, in the order they are looked for. */
    static List<String> bundleNames(String asset) {
        return List.of(asset + ".sigstore.json", asset + ".bundle");
    }

    /**
     * The identity a release of {@code ref} at {@code tag} must be signed by: any workflow file of
     * that repository, run for that tag (owner and repository compared without case, as GitHub does).
     */
    static IdentityPolicy identity(ReleaseRef ref, String tag) {
        String regex = "(?i:https://github\\.com/" + Pattern.quote(ref.owner()) + "/" + Pattern.quote(ref.repo())
                + ")/\\.github/workflows/[^/@]+@refs/tags/" + Pattern.quote(tag);
        return IdentityPolicy.matching(regex, GITHUB_ISSUER);
    }

    /**
     * @param artifactSha256 the downloaded asset's SHA-256 (hex)
     * @param verifier asked for only when there is a bundle to verify (reading the trusted root costs)
     * @throws InstallFailed (verification) under {@link SignaturePolicy#STRICT} for anything but a verified signature
     */
    static Outcome check(
            Fetcher fetcher,
            FetchPolicy fetchPolicy,
            Release release,
            ReleaseAsset asset,
            ReleaseRef ref,
            String artifactSha256,
            SignaturePolicy policy,
            Supplier<SigstoreVerifier> verifier) {
        if (policy == SignaturePolicy.DISABLED) {
            return new Outcome(SignatureCheck.skipped(), List.of());
        }
        Optional<ReleaseAsset> bundleAsset = bundleNames(asset.name()).stream()
                .flatMap(n -> release.assets().stream().filter(a -> a.name().equals(n)))
                .findFirst();
        if (bundleAsset.isEmpty()) {
            return refuseOrWarn(
                    policy,
                    SignatureCheck.unsigned(),
                    asset.name() + ": the release publishes no signature" + " bundle for it ("
                            + String.join(" or ", bundleNames(asset.name())) + ")");
        }
        FetchPolicy small = fetchPolicy.withMaxBytes(MAX_BUNDLE_BYTES);
        byte[] bytes = fetcher.fetchBytes(bundleAsset.get().downloadUrl(), small);
        String bundleSha256 = Digests.sha256Hex(bytes);
        String bundleName = bundleAsset.get().name();
        IdentityPolicy identity = identity(ref, release.tag());
        SigstoreVerifier checker =
                verifier.get(); // an unreadable trusted root is the operator's to fix, not the bundle's fault
        Bundle bundle;
        try {
            bundle = Bundle.parse(bytes, bundleName);
        } catch (VerificationFailed e) {
            return invalid(policy, bundleSha256, bundleName, e);
        }
        try {
            Verified verified = checker.verify(bundle, HexFormat.of().parseHex(artifactSha256), identity);
            return new Outcome(
                    new SignatureCheck(SignatureStatus.VERIFIED, Optional.of(bundleSha256), verified.identity()),
                    List.of());
        } catch (VerificationFailed e) {
            if (!e.reason().isWrongSigner()) {
                return invalid(policy, bundleSha256, bundleName, e);
            }
            Optional<String> signer = signerOf(bundle);
            return refuseOrWarn(
                    policy,
                    new SignatureCheck(SignatureStatus.UNTRUSTED_SIGNER, Optional.of(bundleSha256), signer),
                    bundleName + " is signed by someone other than " + ref.owner() + "/" + ref.repo()
                            + "'s release workflow for " + release.tag() + ": " + e.getMessage());
        }
    }

    /** Who the bundle's certificate names, for the record; nothing when it names nobody readable. */
    private static Optional<String> signerOf(Bundle bundle) {
        if (!(bundle.material() instanceof SigningMaterial.Certificate certificate)) {
            return Optional.empty();
        }
        try {
            return certificate.identities().stream().findFirst();
        } catch (VerificationFailed unreadable) {
            return Optional.empty();
        }
    }

    private static Outcome invalid(
            SignaturePolicy policy, String bundleSha256, String bundleName, VerificationFailed e) {
        return refuseOrWarn(
                policy,
                new SignatureCheck(SignatureStatus.INVALID, Optional.of(bundleSha256), Optional.empty()),
                bundleName + " does not verify ("
                        + e.reason().name().toLowerCase(Locale.ROOT).replace('_', '-') + "): " + e.getMessage());
    }

    private static Outcome refuseOrWarn(SignaturePolicy policy, SignatureCheck check, String problem) {
        if (policy == SignaturePolicy.STRICT) {
            throw InstallFailed.verification(Guidance.of(
                    problem + "; nothing was installed (",
                    new Fix.Choose(Fix.Choice.SIGNATURE_POLICY_STRICT),
                    "; ",
                    new Fix.Choose(Fix.Choice.SIGNATURE_POLICY_WARN),
                    " installs it and records the signature as " + check.word() + ")"));
        }
        return new Outcome(check, List.of(problem + "; installed with signature " + check.word()));
    }
}
