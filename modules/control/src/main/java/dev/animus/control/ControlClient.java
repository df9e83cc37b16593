package dev.animus.control;

import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.OneCall;
import dev.animus.rpc.PendingCall;
import dev.animus.rpc.RemoteError;
import dev.animus.rpc.RequestCancelled;
import dev.animus.rpc.RequestTimedOut;
import dev.animus.rpc.RpcConnection;
import dev.animus.rpc.RpcOptions;
import dev.animus.rpc.Subscription;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * One client connection to a daemon's control socket: calls, and streams followed with
 * {@link #follow}. Failures are {@link ControlError}s: the daemon's categorised errors as sent,
 * and {@link ErrorCategory#UNAVAILABLE} when the daemon cannot be reached or goes away.
 *
 * <p>States: open → closed; {@link #close()} is idempotent. Thread-safe: many threads may call at
 * once over the one connection.
 */
public final class ControlClient implements AutoCloseable {
    private final Path socket;
    private final RpcConnection connection;

    private ControlClient(Path socket, RpcConnection connection) {
        this.socket = socket;
        this.connection = connection;
    }

    /**
     * Connects to {@code socket}.
     *
     * @throws ControlError ({@link ErrorCategory#UNAVAILABLE}) when nothing listens there or access is denied
     */
    public static ControlClient connect(Path socket) {
        Objects.requireNonNull(socket, "socket");
        SocketPaths.check(socket);
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException e) {
            throw new ControlError(ErrorCategory.UNAVAILABLE, "cannot open a Unix socket: " + e.getMessage());
        }
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            try {
                channel.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw new ControlError(
                    ErrorCategory.UNAVAILABLE, "cannot connect to the daemon's socket " + socket + ": " + reason(e));
        }
        RpcOptions options = new RpcOptions(
                "daemon",
                RpcOptions.defaults("daemon").maxFrameBytes(),
                RpcOptions.DEFAULT_WRITE_TIMEOUT,
                RpcOptions.DEFAULT_BROADCAST_CAPACITY,
                () -> new ConnectionLost("the daemon closed the connection"));
        RpcConnection connection =
                RpcConnection.open(Channels.newInputStream(channel), Channels.newOutputStream(channel), options);
        connection.peerSupportsCancellation(true); // the daemon acts on $/cancelRequest
        return new ControlClient(socket, connection);
    }

    /**
     * Calls {@code method} once on a connection of its own, on this thread ({@link OneCall}: no
     * reader thread, no timers), for a process that asks one thing and exits.
     *
     * @throws ControlError as {@link #call}: UNAVAILABLE when nothing listens, the connection ends
     *     or the deadline passes
     */
    public static JsonNode callOnce(Path socket, String method, JsonNode params, Duration timeout) {
        try (SocketChannel channel = connectOnce(socket)) {
            return callOnce(channel, method, params, timeout);
        } catch (IOException e) {
            throw new ControlError(ErrorCategory.UNAVAILABLE, "cannot close a Unix socket: " + reason(e));
        }
    }

    /**
     * A connection to the daemon on {@code socket} for {@link #callOnce(SocketChannel, String,
     * JsonNode, Duration)}; the caller closes it. Nothing is sent yet.
     *
     * @throws ControlError UNAVAILABLE when nothing listens there
     */
    public static SocketChannel connectOnce(Path socket) {
        Objects.requireNonNull(socket, "socket");
        SocketPaths.check(socket);
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException e) {
            throw new ControlError(ErrorCategory.UNAVAILABLE, "cannot open a Unix socket: " + reason(e));
        }
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
            return channel;
        } catch (IOException e) {
            try {
                channel.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw new ControlError(
                    ErrorCategory.UNAVAILABLE, "cannot connect to the daemon's socket " + socket + ": " + reason(e));
        }
    }

    /**
     * Calls {@code method} once on {@code channel} ({@link #connectOnce}), on this thread.
     *
     * @throws ControlError as {@link #call}: UNAVAILABLE when the connection ends or the deadline passes
     */
    public static JsonNode callOnce(SocketChannel channel, String method, JsonNode params, Duration timeout) {
        try {
            return OneCall.call(channel, method, params, timeout);
        } catch (RemoteError e) {
            throw ControlError.fromWire(e.code(), e.message(), e.data());
        } catch (RequestTimedOut e) {
            throw new ControlError(ErrorCategory.UNAVAILABLE, "the daemon did not answer " + method + " in time");
        } catch (ConnectionLost e) {
            throw new ControlError(ErrorCategory.UNAVAILABLE, e.getMessage());
        }
    }

    private static String reason(IOException e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    /** The socket it is connected to. */
    public Path socket() {
        return socket;
    }

    /**
     * Calls {@code method} and waits for its result.
     *
     * @throws ControlError the daemon's error, or UNAVAILABLE when the connection ended or the
     *     deadline passed
     */
    public JsonNode call(String method, JsonNode params, Duration timeout) {
        return await(connection.call(method, params, timeout));
    }

    /** Sends {@code method} without waiting: {@link #await} gives its result, {@code cancel()} cancels it. */
    public PendingCall send(String method, JsonNode params, Duration timeout) {
        return connection.call(method, params, timeout);
    }

    /** The result of {@code call}, with its failure as a {@link ControlError}. */
    public static JsonNode await(PendingCall call) {
        try {
            return call.await();
        } catch (RemoteError e) {
            throw ControlError.fromWire(e.code(), e.message(), e.data());
        } catch (RequestTimedOut e) {
            throw new ControlError(
                    ErrorCategory.UNAVAILABLE, "the daemon did not answer " + call.method() + " in time");
        } catch (RequestCancelled e) {
            throw new ControlError(ErrorCategory.UNAVAILABLE, call.method() + " was cancelled");
        } catch (ConnectionLost e) {
            throw new ControlError(ErrorCategory.UNAVAILABLE, e.getMessage() + " during " + call.method());
        }
    }

    /**
     * Starts the stream {@code method} and follows it: the ack is awaited here, events arrive through
     * the subscription (which buffers at most {@code capacity} of them; more are reported as
     * {@link StreamEvent.Lagged}).
     */
    public ControlSubscription follow(String method, JsonNode params, int capacity) {
        Subscription notifications = connection.subscribe(capacity);
        PendingCall call = connection.call(method, params, Duration.ofSeconds(30));
        JsonNode ack;
        try {
            ack = await(call);
        } catch (RuntimeException e) {
            notifications.close();
            throw e;
        }
        String id = ack.path("subscription").asString("");
        if (id.isEmpty()) {
            notifications.close();
            throw new ControlError(ErrorCategory.INTERNAL, method + " answered without a subscription id");
        }
        int slash = method.indexOf('/');
        String event = (slash < 0 ? method : method.substring(0, slash)) + "/event";
        return new ControlSubscription(id, event, () -> cancelStream(call), notifications);
    }

    /** Listens to the daemon's {@code method} notifications from now on, buffering at most {@code capacity}. */
    public ControlNotifications notifications(String method, int capacity) {
        return new ControlNotifications(method, connection.subscribe(capacity));
    }

    /** Ends a stream whose ack arrived: {@code $/cancelRequest} with its request id (best effort). */
    private void cancelStream(PendingCall call) {
        if (!connection.isOpen()) {
            return;
        }
        try {
            connection.notify(
                    "$/cancelRequest", JsonNodeFactory.instance.objectNode().put("id", call.id()));
        } catch (ConnectionLost gone) {
            // the daemon is gone: the stream ended with the connection
        }
    }

    /** Whether the connection is open. */
    public boolean isOpen() {
        return connection.isOpen();
    }

    @Override
    public void close() {
        connection.close();
    }
}
