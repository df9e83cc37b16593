package dev.animus.discovery;

import dev.animus.core.Interpreter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What discovery needs to know of the installation lifecycle, read once per discovery run: the
 * installed plugins, whether a digest was trusted (only then may a found binary be probed), and
 * the interpreter recorded with a trusted script's digest.
 *
 * @param installed installed plugins, by name
 * @param trusted whether the operator trusted code with a digest (under any name: the bytes are what matter)
 * @param interpreters the interpreter recorded when a digest was trusted; empty for a native
 *     executable, or a script trusted before interpreters were recorded
 * @param resolvesUnrecorded whether a script without a recorded interpreter may have it resolved
 *     at the probe (only the explicit untrusted path, {@link #permissive()}); otherwise it is not run
 */
public record TrustView(
        List<InstalledPlugin> installed,
        Predicate<String> trusted,
        Function<String, Optional<Interpreter>> interpreters,
        boolean resolvesUnrecorded) {
    public TrustView {
        installed = List.copyOf(installed);
        Objects.requireNonNull(trusted, "trusted");
        Objects.requireNonNull(interpreters, "interpreters");
    }

    /** A view in which no interpreter is recorded. */
    public TrustView(List<InstalledPlugin> installed, Predicate<String> trusted) {
        this(installed, trusted, digest -> Optional.empty(), false);
    }

    /** Whether code with this digest may run. */
    public boolean trusts(String sha256) {
        return trusted.test(sha256);
    }

    /** The interpreter recorded with the trust of {@code sha256}. */
    public Optional<Interpreter> interpreter(String sha256) {
        return interpreters.apply(sha256);
    }

    /** Nothing installed and every binary may be probed: {@code plugin dev} and tests of discovery. */
    public static TrustView permissive() {
        return new TrustView(List.of(), digest -> true, digest -> Optional.empty(), true);
    }

    /** Nothing installed and nothing trusted: what an unreadable state document allows. */
    public static TrustView nothing() {
        return new TrustView(List.of(), digest -> false);
    }
}
