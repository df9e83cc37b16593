/**
 * A small blocking client of the Animus daemon's control socket for plugins the daemon runs in a
 * role that calls back into it (a workflow runner): {@link dev.animus.sdk.control.ControlSocket}.
 * The socket's path is {@link dev.animus.sdk.RequestContext#controlSocket()}; the protocol is
 * docs/daemon.md#the-control-protocol (NDJSON JSON-RPC 2.0 over a Unix socket).
 */
package dev.animus.sdk.control;
