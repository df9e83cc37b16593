/**
 * A small library for writing Animus plugins in Java: {@code --manifest}, the handshake, method
 * dispatch, progress and other notifications, cancellation and shutdown over stdio.
 *
 * <p>It carries its own tiny JSON-RPC codec over Jackson, so a plugin needs nothing of the host.
 * Must never depend on runtime, shell or any other host module (a plugin is not a host).
 */
module dev.animus.sdk {
    requires transitive tools.jackson.databind;

    exports dev.animus.sdk;
}
