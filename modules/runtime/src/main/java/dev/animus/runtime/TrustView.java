package dev.animus.runtime;

import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * What discovery needs to know of the installation lifecycle, read once per discovery run: the
 * installed plugins, and whether a digest was trusted (only then may a found binary be probed).
 *
 * @param installed installed plugins, by name
 * @param trusted whether the operator trusted code with a digest (under any name: the bytes are what matter)
 */
public record TrustView(List<InstalledPlugin> installed, Predicate<String> trusted) {
    public TrustView {
        installed = List.copyOf(installed);
        Objects.requireNonNull(trusted, "trusted");
    }

    /** Whether code with this digest may run. */
    public boolean trusts(String sha256) {
        return trusted.test(sha256);
    }

    /** Nothing installed and every binary may be probed: {@code plugin dev} and tests of discovery. */
    public static TrustView permissive() {
        return new TrustView(List.of(), digest -> true);
    }

    /** Nothing installed and nothing trusted: what an unreadable state document allows. */
    public static TrustView nothing() {
        return new TrustView(List.of(), digest -> false);
    }
}
