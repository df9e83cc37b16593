package dev.animus.core;

import java.util.Optional;

/**
 * A port: asked by a plugin's supervisor (the host module) immediately before every launch of the
 * plugin (the first one and every restart): may this code run now? The launch gate (the install
 * module) answers with trust, consent and enablement at the current digests and a re-verified store
 * digest (docs/security.md#the-digest-addressed-store).
 *
 * <p>Implementations must have value equality ({@code record}s over values, never over the identity
 * of a store object), since a plugin registered again with an equal guard keeps its warm process.
 */
public interface LaunchGuard {

    /** Why the plugin must not be launched now; empty when it may. */
    Optional<HostFailure> refusal();

    /**
     * Why a caller's {@code method} must not be forwarded to the plugin; empty when it may. Asked
     * by the supervisor before anything is launched or sent. The default forwards every
     * method: for {@code plugin dev} and tests of supervision.
     */
    default Optional<HostFailure> refusal(String method) {
        return Optional.empty();
    }

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
