package dev.animus.runtime;

import dev.animus.sigstore.Bundle;
import dev.animus.sigstore.LogEntry;
import dev.animus.sigstore.SigstoreVerifier;
import dev.animus.sigstore.TransparencyLog;
import dev.animus.sigstore.TrustedRoot;
import dev.animus.sigstore.VerificationFailed;
import dev.animus.sigstore.Verified;
import java.time.Clock;
import java.util.Arrays;
import java.util.Optional;

/** Verifies a Sigstore bundle offline: what {@link Animus#verifyBundle} does. */
final class BundleCheck {
    private BundleCheck() {}

    static BundleVerified verify(
            byte[] bundle,
            String bundleName,
            byte[] sha256,
            BundleSigner signer,
            Optional<byte[]> trustedRoot,
            String trustedRootName) {
        try {
            TrustedRoot trusted =
                    trustedRoot.map(r -> TrustedRoot.parse(r, trustedRootName)).orElseGet(TrustedRoot::production);
            Bundle parsed = Bundle.parse(bundle, bundleName);
            Verified v = new SigstoreVerifier(trusted, Clock.systemUTC()).verify(parsed, sha256, signer.policy());
            return new BundleVerified(
                    v.identity(),
                    v.issuer(),
                    v.signedAt(),
                    v.entries().stream()
                            .map(e -> new BundleVerified.Entry(
                                    logUrl(trusted, e),
                                    e.logId(),
                                    e.logIndex(),
                                    e.kind(),
                                    e.version(),
                                    e.integratedTime()))
                            .toList());
        } catch (VerificationFailed f) {
            throw new BundleRefused(f.reason().name(), f.getMessage(), f);
        }
    }

    /** The base URL the trusted root gives the entry's log, if it gives one. */
    private static Optional<String> logUrl(TrustedRoot trusted, LogEntry entry) {
        byte[] id = entry.logId();
        return trusted.tlogs().stream()
                .filter(log -> Arrays.equals(log.logId(), id))
                .map(TransparencyLog::baseUrl)
                .filter(url -> !url.isEmpty())
                .findFirst();
    }
}
