/**
 * Supervision: plugin sessions (spawn, handshake, calls, graceful stop), one {@code Supervisor} per
 * plugin carrying out core's lifecycle with real processes, the {@code PluginHost} over all of
 * them, and status events.
 *
 * <p>Asks a {@link dev.animus.core.LaunchGuard} before every launch and knows nothing of where the
 * guard's answer comes from (installs, trust and the state document are the install module's).
 * Must never depend on discovery, install, runtime or the shell, and never writes to the standard
 * streams (it logs through slf4j). Its API carries rpc's values (notifications, pending calls), so
 * it re-exports rpc.
 */
module dev.animus.host {
    requires transitive dev.animus.core;
    requires transitive dev.animus.rpc;
    requires dev.animus.process;
    requires tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.host;
}
