/**
 * JSON-RPC 2.0 over a pair of byte streams: the lenient streaming frame reader, the bounded frame
 * writer, and one connection (ids, pending calls, deadlines, cancellation, notification fan-out).
 *
 * <p>Works over any {@code InputStream}/{@code OutputStream}; knows nothing of processes. Must
 * never depend on another adapter module (process, store, ...) nor on runtime or shell.
 */
module dev.animus.rpc {
    requires transitive dev.animus.core;
    requires transitive tools.jackson.databind;
    requires transitive dev.animus.json;
    requires org.slf4j;

    exports dev.animus.rpc;
}
