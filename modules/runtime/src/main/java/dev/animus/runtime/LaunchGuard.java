package dev.animus.runtime;

import dev.animus.core.HostFailure;
import java.util.Optional;

/**
 * Asked by the {@link Supervisor} immediately before every launch of its plugin (the first one and
 * every restart): may this code run now? The trust gate answers with trust, consent and
 * enablement at the current digests and a re-verified store digest (security.md §2).
 *
 * <p>Implementations must have value equality ({@code record}s), since a {@link PluginRegistration}
 * registered again with an equal guard keeps its warm process.
 */
public interface LaunchGuard {

    /** Why the plugin must not be launched now; empty when it may. */
    Optional<HostFailure> refusal();

    /** No check: for {@code plugin dev}, the explicit untrusted path, and for tests of supervision. */
    static LaunchGuard none() {
        return Unguarded.INSTANCE;
    }

    /** The guard that allows every launch. */
    enum Unguarded implements LaunchGuard {
        INSTANCE;

        @Override
        public Optional<HostFailure> refusal() {
            return Optional.empty();
        }
    }
}
