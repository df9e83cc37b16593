package dev.animus.control;

import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.Handlers;
import dev.animus.rpc.IncomingRequest;
import dev.animus.rpc.RequestHandler;
import dev.animus.rpc.RpcConnection;
import dev.animus.rpc.RpcOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The daemon's control socket (docs/daemon.md#the-control-protocol): a Unix domain socket, mode
 * 0600, whose connections are rpc connections in the server role, answering through one handler
 * table. A connection from another user (its {@code SO_PEERCRED} uid differs from the socket
 * owner's) is refused and logged before a byte is read.
 *
 * <p>States: listening → closed. {@link #close()} stops accepting, closes every connection (their
 * streams end, their in-flight requests are cancelled) and deletes the socket file; idempotent.
 * Thread-safe.
 */
public final class ControlServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControlServer.class);

    /** The longest Unix socket path the kernel takes, in bytes (sun_path is 108 with its NUL). */
    public static final int MAX_SOCKET_PATH_BYTES = 107;

    private final Path socket;
    private final ServerSocketChannel channel;
    private final Handlers handlers;
    private final Options options;
    private final UserPrincipal owner;
    private final Set<RpcConnection> live = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final Thread acceptor;

    /**
     * How the server behaves.
     *
     * @param maxConnections connections served at once; one more is closed at once (logged)
     * @param writeTimeout how long a write to a client may block before its connection is dropped
     */
    public record Options(int maxConnections, Duration writeTimeout) {
        public Options {
            Objects.requireNonNull(writeTimeout, "writeTimeout");
            if (maxConnections <= 0) {
                throw new IllegalArgumentException("maxConnections must be positive: " + maxConnections);
            }
        }

        /** 256 connections, the protocol's 30 s write bound. */
        public static Options defaults() {
            return new Options(256, RpcOptions.DEFAULT_WRITE_TIMEOUT);
        }
    }

    private ControlServer(Path socket, ServerSocketChannel channel, Handlers handlers, Options options)
            throws IOException {
        this.socket = socket;
        this.channel = channel;
        this.handlers = handlers;
        this.options = options;
        this.owner = Files.getOwner(socket);
        this.acceptor = ControlThreads.newThread("animus-control-accept", this::acceptLoop);
    }

    /**
     * Binds {@code socket} (which must not exist: a stale one is the caller's to remove after it
     * made sure no daemon owns it), makes it 0600 and starts accepting.
     *
     * @throws IllegalArgumentException when the path is longer than {@value #MAX_SOCKET_PATH_BYTES} bytes
     * @throws UncheckedIOException when the socket cannot be bound
     */
    public static ControlServer bind(Path socket, Handlers handlers, Options options) {
        Objects.requireNonNull(handlers, "handlers");
        Objects.requireNonNull(options, "options");
        SocketPaths.check(socket);
        ServerSocketChannel channel;
        try {
            channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a Unix socket", e);
        }
        try {
            channel.bind(UnixDomainSocketAddress.of(socket), 64);
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            ControlServer server = new ControlServer(socket, channel, categorised(handlers), options);
            server.acceptor.start();
            return server;
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException("cannot listen on " + socket + ": " + e.getMessage(), e);
        }
    }

    /** The socket's path. */
    public Path socket() {
        return socket;
    }

    /** Connections open now. */
    public int connections() {
        return live.size();
    }

    /** Connections accepted so far (including refused ones). */
    public long accepted() {
        return accepted.get();
    }

    /** Connections refused so far: another user, or over the connection bound. */
    public long refused() {
        return refused.get();
    }

    private void acceptLoop() {
        while (!closed.get()) {
            SocketChannel client;
            try {
                client = channel.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (!closed.get()) {
                    LOG.warn("control socket {}: accept failed: {}", socket, e.getMessage());
                }
                return;
            }
            long n = accepted.incrementAndGet();
            serve(client, n);
        }
    }

    private void serve(SocketChannel client, long n) {
        String peer = "control client #" + n;
        try {
            UnixDomainPrincipal who = client.getOption(ExtendedSocketOptions.SO_PEERCRED);
            if (!owner.equals(who.user())) {
                refused.incrementAndGet();
                LOG.warn(
                        "control socket {}: refused {} from user {} (only {} may use it)",
                        socket,
                        peer,
                        who.user().getName(),
                        owner.getName());
                closeQuietly(client);
                return;
            }
        } catch (IOException | UnsupportedOperationException e) {
            refused.incrementAndGet();
            LOG.warn("control socket {}: refused {}: its user cannot be told ({})", socket, peer, e.getMessage());
            closeQuietly(client);
            return;
        }
        if (live.size() >= options.maxConnections()) {
            refused.incrementAndGet();
            LOG.warn("control socket {}: refused {}: {} connections are open", socket, peer, live.size());
            closeQuietly(client);
            return;
        }
        RpcOptions rpc = new RpcOptions(
                peer,
                RpcOptions.defaults(peer).maxFrameBytes(),
                options.writeTimeout(),
                RpcOptions.DEFAULT_BROADCAST_CAPACITY,
                () -> new ConnectionLost(peer + " closed the connection"));
        RpcConnection connection =
                RpcConnection.open(Channels.newInputStream(client), Channels.newOutputStream(client), rpc, handlers);
        live.add(connection);
        connection.whenClosed().thenRun(() -> {
            live.remove(connection);
            closeQuietly(client);
        });
        if (closed.get()) {
            connection.close();
        }
        LOG.debug("control socket {}: {} connected", socket, peer);
    }

    /** Every handler of {@code table}, with a {@link ControlError} (or a bug) sent as a categorised error. */
    private static Handlers categorised(Handlers table) {
        Map<String, RequestHandler> wrapped = new LinkedHashMap<>();
        table.handlers().forEach((method, handler) -> wrapped.put(method, request -> answer(handler, request)));
        return new Handlers(wrapped, table.maxInFlight());
    }

    private static void answer(RequestHandler handler, IncomingRequest request) {
        try {
            handler.handle(request);
        } catch (ControlError e) {
            request.fail(e.category().code(), e.getMessage(), e.data());
        } catch (RuntimeException e) {
            LOG.error("control method {} failed", request.method(), e);
            request.fail(
                    ErrorCategory.INTERNAL.code(),
                    "internal error",
                    JsonNodeFactory.instance
                            .objectNode()
                            .put("category", ErrorCategory.INTERNAL.word())
                            .put("message", request.method() + " failed inside the daemon; its log says why"));
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeQuietly(channel);
        live.forEach(RpcConnection::close);
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            LOG.warn("control socket {}: cannot delete it: {}", socket, e.getMessage());
        }
        try {
            acceptor.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(java.nio.channels.Channel c) {
        try {
            c.close();
        } catch (IOException e) {
            LOG.debug("closing a control channel: {}", e.getMessage());
        }
    }

    @Override
    public String toString() {
        return "ControlServer[" + socket + ", " + live.size() + " connections]";
    }
}
