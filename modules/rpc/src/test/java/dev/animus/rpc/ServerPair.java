package dev.animus.rpc;

/**
 * Two connections talking to each other over real pipes: {@link #client} sends requests,
 * {@link #server} answers them through its handlers (the server role).
 */
final class ServerPair implements AutoCloseable {
    final RpcConnection client;
    final RpcConnection server;

    private ServerPair(Handlers handlers) {
        Pipes clientToServer = Pipes.open();
        Pipes serverToClient = Pipes.open();
        server = RpcConnection.open(clientToServer.in(), serverToClient.out(), RpcOptions.defaults("client"), handlers);
        client = RpcConnection.open(serverToClient.in(), clientToServer.out(), RpcOptions.defaults("server"));
        client.peerSupportsCancellation(true);
    }

    static ServerPair start(Handlers handlers) {
        return new ServerPair(handlers);
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
