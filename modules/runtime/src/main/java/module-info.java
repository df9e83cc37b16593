/**
 * Application services and their wiring: plugin sessions (spawn, handshake, calls, graceful stop),
 * supervision, manifests and discovery.
 *
 * <p>Talks to adapters through their exported APIs; must never depend on the shell, and never
 * writes to the standard streams (it logs through slf4j).
 */
module dev.animus.runtime {
    requires transitive dev.animus.core;
    requires transitive dev.animus.rpc;
    requires dev.animus.process;
    requires transitive dev.animus.store;
    requires transitive dev.animus.fetch;
    requires transitive dev.animus.sigstore;
    requires dev.animus.keyring;
    requires tools.jackson.dataformat.toml;
    requires org.slf4j;

    exports dev.animus.runtime;
}
