package dev.animus.runtime;

import dev.animus.core.InstallSource;
import dev.animus.store.LockEntry;
import java.time.Instant;
import java.util.Optional;

/**
 * One plugin's pin in the lockfile, as the application API shows it.
 *
 * @param name the plugin's name
 * @param version its version
 * @param source where it was installed from
 * @param artifactSha256 the digest of its code
 * @param signatureBundleSha256 the digest of its signature bundle, when there is one
 * @param signature the signature status word
 * @param installedAt when it was installed
 */
public record Pin(
        String name,
        String version,
        InstallSource source,
        String artifactSha256,
        Optional<String> signatureBundleSha256,
        String signature,
        Instant installedAt) {
    static Pin of(LockEntry e) {
        return new Pin(
                e.name(),
                e.version(),
                e.source(),
                e.artifactSha256(),
                e.signatureBundleSha256(),
                e.signature(),
                e.installedAt());
    }
}
