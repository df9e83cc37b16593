/**
 * Triggers (docs/protocol.md#triggers): one {@code TriggerSession} per {@code trigger_backend}
 * plugin, which holds its process, watches it ({@code trigger/watch}), reads its
 * {@code trigger/event} notifications in order, drops malformed ones, skips event ids seen before
 * (a window kept across restarts in a journal with the last cursor), hands the rest to a
 * {@code Dispatcher}, answers each with {@code trigger/ack}, and restarts the watch after its
 * process ends with a capped exponential backoff until it crash-loops. What an event becomes
 * ({@code EventAction}) is decided here, purely; carrying it out is the caller's dispatcher.
 *
 * <p>A capability over the host: requires core, host and rpc's values and Jackson only. Must never
 * depend on runtime, another capability, a front end or an adapter other than rpc's value types;
 * never writes to the standard streams (it logs through slf4j).
 */
module dev.animus.triggers {
    requires transitive dev.animus.core;
    requires transitive dev.animus.host;
    requires transitive dev.animus.rpc;
    requires transitive tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.triggers;
}
