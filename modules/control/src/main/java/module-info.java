/**
 * The control protocol of the daemon (docs/daemon.md#the-control-protocol): JSON-RPC 2.0 over a
 * Unix domain socket, one connection per client. The server side (the socket, its permissions, the
 * peer's uid, error categories, streams with a lag signal) and the client side (connect, call,
 * follow a stream), plus the wire form of the host's values.
 *
 * <p>Knows the rpc module and core only: the use cases behind the methods are the daemon's, given
 * as a handler table. Must never depend on runtime, the daemon or a front end.
 */
module dev.animus.control {
    requires transitive dev.animus.rpc;
    requires jdk.net;
    requires org.slf4j;

    exports dev.animus.control;
}
