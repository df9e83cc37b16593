/**
 * Provider sessions (docs/protocol.md#providers): a provider's name resolved, the
 * {@code agent/run} / {@code agent/resume} params the host builds (a host-minted
 * {@code control_session_id}, the filtered environment, the working directory), the plugin's
 * streamed notifications as typed {@link dev.animus.providers.RunnerEvent}s in order, the session
 * map that sends {@code agent/cancel} to the very process that owns a run, and the retry rule of
 * the host's supervisor applied to runs.
 *
 * <p>A capability over the host: requires core, host and rpc's values only. Must never depend on
 * runtime, another capability (discovery, install), a front end or an adapter other than rpc's
 * value types; never writes to the standard streams.
 */
module dev.animus.providers {
    requires transitive dev.animus.core;
    requires transitive dev.animus.host;
    requires transitive dev.animus.rpc;
    requires transitive tools.jackson.databind;

    exports dev.animus.providers;
}
