/**
 * A small library for writing Animus plugins in Java: {@code --manifest}, the handshake, method
 * dispatch, notifications and shutdown over stdio.
 *
 * <p>Uses only the wire layer; must never depend on runtime or shell (a plugin is not a host).
 */
module dev.animus.sdk {
    requires transitive dev.animus.rpc;
}
