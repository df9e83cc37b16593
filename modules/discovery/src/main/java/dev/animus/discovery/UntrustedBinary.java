package dev.animus.discovery;

import dev.animus.core.DiscoverySource;
import dev.animus.core.Fix;
import java.util.Objects;

/**
 * A binary discovery found but did not run, because nothing the operator trusted has its digest
 * (docs/security.md#install-guards: a cloned hostile repository's plugins are listed, never
 * executed). It still claims its name.
 *
 * @param path the executable (or, for an installed plugin not yet trusted, its store entry)
 * @param sha256 its digest
 * @param fix what would let it run
 */
public record UntrustedBinary(String name, String path, DiscoverySource source, String sha256, Fix fix) {
    public UntrustedBinary {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(fix, "fix");
    }
}
