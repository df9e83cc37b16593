/**
 * Subjects (docs/protocol.md#subjects): the work items that {@code subject_backend} plugins hold,
 * as the host sees them; calls routed by kind to the backend's supervisor, {@code list} fanned out
 * to every backend and merged, {@code subject/watch} turned into change events, polled where a
 * backend cannot watch.
 *
 * <p>A capability over the host: requires core, host and rpc's values only (and the router's
 * pure rules). Must never depend on runtime, another capability, a front end or an adapter other
 * than rpc's value types; never writes to the standard streams.
 */
module dev.animus.subjects {
    requires transitive dev.animus.core;
    requires transitive dev.animus.host;
    requires transitive dev.animus.router;
    requires transitive dev.animus.rpc;
    requires transitive tools.jackson.databind;

    exports dev.animus.subjects;
}
