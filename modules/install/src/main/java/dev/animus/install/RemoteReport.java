package dev.animus.install;

import dev.animus.core.Guidance;
import dev.animus.core.InstallSource;
import dev.animus.core.SignatureCheck;
import java.util.List;
import java.util.Objects;

/**
 * What a download install did: the install itself, where the code came from, and how its bytes
 * were checked.
 *
 * @param checksum where the expected SHA-256 came from ({@code --sha256}, {@code sidecar <file>},
 *     {@code SHA256SUMS <file>}, {@code GitHub API digest}) or {@code none}
 * @param signature what the signature check found
 * @param warnings for the operator (an unverified download, an unsigned or badly signed release, ...)
 */
public record RemoteReport(
        InstallReport install,
        InstallSource source,
        Guidance checksum,
        SignatureCheck signature,
        List<String> warnings) {
    public RemoteReport {
        Objects.requireNonNull(install, "install");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(checksum, "checksum");
        Objects.requireNonNull(signature, "signature");
        warnings = List.copyOf(warnings);
    }
}
