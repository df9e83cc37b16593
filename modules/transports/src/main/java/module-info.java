/**
 * Transports (docs/protocol.md#transports): one {@code TransportSession} per
 * {@code transport_backend} plugin, which holds its process, starts it with
 * {@code transport/start {control_socket_path, project_root, bind_addr?, config?, auth_token}}
 * (or tolerates a legacy transport that bound during {@code initialize}, its URL read by
 * {@code LegacyUrl} or asked with {@code transport/info}), validates the answer into a
 * {@code TransportEndpoint}, and shuts it down with {@code transport/shutdown} before the host's
 * own {@code shutdown}.
 *
 * <p>A capability over the host: requires core, host and Jackson only. Must never depend on
 * runtime, another capability, a front end or an adapter; never writes to the standard streams (it
 * logs through slf4j).
 */
module dev.animus.transports {
    requires transitive dev.animus.core;
    requires transitive dev.animus.host;
    requires transitive tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.transports;
}
