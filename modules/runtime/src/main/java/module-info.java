/**
 * The composition root and the application API: {@code Animus.open} builds the stores of one home
 * and project once, chooses the secret store, and offers every use case a front end performs (the
 * shell today; a daemon's control socket or an MCP server later) as one method each.
 *
 * <p>The only module that constructs stores. Must never depend on a front end, and never writes to
 * the standard streams (it logs through slf4j). Its methods return core values, its own records and
 * the capabilities' records, enums and failures (the API's vocabulary), so it re-exports host,
 * providers, subjects, triggers, hooks, transports, discovery, install, router and store; their services are reached
 * only through its methods (docs/architecture.md#the-application-api, decision 019).
 */
module dev.animus.runtime {
    requires transitive dev.animus.core;
    requires transitive dev.animus.host;
    requires transitive dev.animus.providers;
    requires transitive dev.animus.subjects;
    requires transitive dev.animus.triggers;
    requires transitive dev.animus.hooks;
    requires transitive dev.animus.conformance;
    requires transitive dev.animus.scaffold;
    requires transitive dev.animus.transports;
    requires transitive dev.animus.router;
    requires transitive dev.animus.discovery;
    requires transitive dev.animus.install;
    requires transitive dev.animus.store;
    requires dev.animus.fetch;
    requires dev.animus.keyring;
    requires dev.animus.process;
    requires dev.animus.json;
    requires tools.jackson.databind;
    requires tools.jackson.dataformat.toml;
    requires org.slf4j;

    exports dev.animus.runtime;
}
