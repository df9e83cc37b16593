/**
 * A small library for writing Animus plugins in Java: {@code --manifest}, the handshake, method
 * dispatch, progress and other notifications, cancellation and shutdown over stdio.
 *
 * <p>It carries its own tiny JSON-RPC codec over Jackson and shares only the protocol's vocabulary
 * with the host (core: error codes, semantic versions). Must never depend on runtime, shell or an
 * adapter module (a plugin is not a host).
 */
module dev.animus.sdk {
    requires transitive dev.animus.core;
    requires transitive tools.jackson.databind;
    requires dev.animus.json;

    exports dev.animus.sdk;
    exports dev.animus.sdk.provider;
    exports dev.animus.sdk.control;
}
