/**
 * The first-party transport {@code http} ({@code animus-transport-http}): on {@code transport/start}
 * it serves the daemon's dashboard (static files of its resources), JSON-RPC at {@code POST /rpc}
 * and server-sent events at {@code GET /events} on a loopback port, behind the daemon's web token,
 * forwarding to the daemon's control socket. A plugin: depends on the sdk and the JDK's HTTP
 * server only, never on a host module; exports nothing (the launcher starts it with {@code -m}).
 */
module dev.animus.plugins.http {
    requires dev.animus.sdk;
    requires jdk.httpserver;
}
