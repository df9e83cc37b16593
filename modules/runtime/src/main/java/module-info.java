/**
 * The composition root: builds the stores of one home and project once, chooses the secret store,
 * and wires host, discovery and install together for the front ends.
 *
 * <p>The only module that constructs stores. Must never depend on the shell, and never writes to
 * the standard streams (it logs through slf4j).
 */
module dev.animus.runtime {
    requires transitive dev.animus.core;
    requires transitive dev.animus.host;
    requires transitive dev.animus.discovery;
    requires transitive dev.animus.install;
    requires transitive dev.animus.store;
    requires dev.animus.keyring;
    requires dev.animus.json;
    requires tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.runtime;
}
