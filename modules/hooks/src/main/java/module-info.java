/**
 * Hooks (docs/lifecycle.md#hooks-and-events): the runner that calls a plugin's hook under a
 * deadline, bounds and validates its answer with core's rules, and turns every failure into an
 * abstention (it never throws); the registrations of one agent, sealed when its session opens; the
 * tool-call cache of command-risk decisions; lifecycle events fanned out as fire-and-forget
 * notifications through a bounded queue per plugin, drops counted.
 *
 * <p>A capability over the host: requires core, host and Jackson only. Must never
 * depend on runtime, another capability, a front end or an adapter other than rpc's value types;
 * never writes to the standard streams (it logs through slf4j).
 */
module dev.animus.hooks {
    requires transitive dev.animus.core;
    requires transitive dev.animus.host;
    requires transitive tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.hooks;
}
