package dev.animus.sdk.control;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A blocking client of the daemon's control socket (docs/daemon.md#the-control-protocol) for
 * plugins: {@link #call} a method and wait for its result, or follow a {@link #stream} (the ack
 * {@code {subscription}}, then each {@code <group>/event {subscription, data}}, then
 * {@code subscription/closed}).
 *
 * <p>Thread-safe: many threads may call at once over the one connection; one reader thread
 * dispatches the answers by request id and the stream values by subscription. States: open →
 * closed. The daemon closing the connection (EOF) closes it: pending calls then fail with
 * {@value ControlException#UNAVAILABLE}, open streams end. {@link #close()} is idempotent.
 */
public final class ControlSocket implements AutoCloseable {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final SocketChannel channel;
    private final ReentrantLock writing = new ReentrantLock();
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final Map<String, ControlStream> streams = new ConcurrentHashMap<>();
    private final Thread reader;
    private volatile boolean open = true;

    private record Pending(String method, boolean stream, CompletableFuture<Object> answer) {}

    private ControlSocket(SocketChannel channel) {
        this.channel = channel;
        this.reader = Thread.ofPlatform().daemon().name("animus-control-reader").unstarted(this::readLoop);
    }

    /**
     * Connects to the daemon's socket at {@code socket}.
     *
     * @throws ControlException ({@value ControlException#UNAVAILABLE}) when nothing listens there
     */
    public static ControlSocket connect(Path socket) {
        Objects.requireNonNull(socket, "socket");
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException | RuntimeException e) {
            throw ControlException.unavailable("cannot connect to the daemon's control socket " + socket + ": " + e);
        }
        ControlSocket client = new ControlSocket(channel);
        client.reader.start();
        return client;
    }

    /**
     * Calls {@code method} with {@code params} (a {@code JsonNode} or any value Jackson writes as an
     * object; null: {@code {}}) and waits at most {@code timeout} for its result.
     *
     * @throws ControlException the daemon's error, or {@value ControlException#UNAVAILABLE} when the
     *     connection ended or no answer came in time
     */
    public JsonNode call(String method, Object params, Duration timeout) {
        return (JsonNode) await(send(method, params, false), timeout);
    }

    /**
     * Starts the stream {@code method} and waits at most {@code timeout} for its ack.
     *
     * @throws ControlException when the daemon refused it before the ack, or as {@link #call}
     */
    public ControlStream stream(String method, Object params, Duration timeout) {
        return (ControlStream) await(send(method, params, true), timeout);
    }

    private record Sent(long id, Pending pending) {}

    private Sent send(String method, Object params, boolean stream) {
        Objects.requireNonNull(method, "method");
        long id = ids.incrementAndGet();
        Pending p = new Pending(method, stream, new CompletableFuture<>());
        pending.put(id, p);
        ObjectNode frame =
                MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        frame.set("params", params == null ? MAPPER.createObjectNode() : MAPPER.valueToTree(params));
        try {
            write(frame);
        } catch (ControlException e) {
            pending.remove(id);
            throw e;
        }
        return new Sent(id, p);
    }

    private Object await(Sent sent, Duration timeout) {
        try {
            return sent.pending().answer().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ControlException c) {
                throw c;
            }
            throw ControlException.unavailable(sent.pending().method() + " failed: " + e.getCause());
        } catch (TimeoutException e) {
            pending.remove(sent.id());
            cancel(sent.id());
            throw ControlException.unavailable(
                    "the daemon did not answer " + sent.pending().method() + " within " + timeout);
        } catch (InterruptedException e) {
            pending.remove(sent.id());
            cancel(sent.id());
            Thread.currentThread().interrupt();
            throw ControlException.unavailable(sent.pending().method() + " was interrupted");
        }
    }

    /** Sends {@code $/cancelRequest} for request {@code id} (best effort). */
    void cancel(long id) {
        if (!open) {
            return;
        }
        try {
            write(MAPPER.createObjectNode()
                    .put("jsonrpc", "2.0")
                    .put("method", "$/cancelRequest")
                    .set("params", MAPPER.createObjectNode().put("id", id)));
        } catch (ControlException gone) {
            // the connection ended: so did the request
        }
    }

    void forget(String subscription) {
        streams.remove(subscription);
    }

    private void write(JsonNode frame) {
        byte[] line = (frame.toString() + "\n").getBytes(StandardCharsets.UTF_8);
        writing.lock();
        try {
            if (!open) {
                throw ControlException.unavailable("the control connection is closed");
            }
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            throw ControlException.unavailable("cannot write to the daemon: " + e.getMessage());
        } finally {
            writing.unlock();
        }
    }

    private void readLoop() {
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    dispatch(line);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // the connection ended
        } finally {
            shutdown("the daemon closed the control connection");
        }
    }

    private void dispatch(String line) {
        JsonNode frame;
        try {
            frame = MAPPER.readTree(line);
        } catch (JacksonException e) {
            return; // not JSON: nothing can be matched to it
        }
        if (frame.has("method")) {
            notification(frame.path("method").asString(""), frame.path("params"));
            return;
        }
        Pending p = pending.remove(frame.path("id").asLong(-1));
        if (p == null) {
            return; // an answer after its caller gave up
        }
        JsonNode error = frame.path("error");
        if (error.isObject()) {
            p.answer()
                    .completeExceptionally(new ControlException(
                            error.path("code").asInt(-32603),
                            error.path("message").asString("the daemon sent an error without a message"),
                            error.path("data")));
            return;
        }
        JsonNode result = frame.path("result");
        if (!p.stream()) {
            p.answer().complete(result);
            return;
        }
        String subscription = result.path("subscription").asString("");
        if (subscription.isEmpty()) {
            p.answer()
                    .completeExceptionally(ControlException.unavailable(
                            p.method() + " answered without a subscription id: " + result));
            return;
        }
        // registered here, on the reader thread, before any event of it can be read
        ControlStream stream = new ControlStream(this, frame.path("id").asLong(), subscription);
        streams.put(subscription, stream);
        p.answer().complete(stream);
    }

    private void notification(String method, JsonNode params) {
        String subscription = params.path("subscription").asString("");
        ControlStream stream = streams.get(subscription);
        if (stream == null) {
            return;
        }
        if (method.equals("subscription/closed")) {
            streams.remove(subscription);
            stream.end(params.path("reason").asString(""));
        } else if (method.endsWith("/event") && params.has("data")) {
            stream.value(params.path("data"));
        } else if (method.endsWith("/event") && params.has("lagged")) {
            stream.lagged(params.path("lagged").path("missed").asLong());
        }
    }

    private void shutdown(String why) {
        writing.lock();
        try {
            open = false;
        } finally {
            writing.unlock();
        }
        pending.values().forEach(p -> p.answer().completeExceptionally(ControlException.unavailable(why)));
        pending.clear();
        streams.values().forEach(s -> s.end(""));
        streams.clear();
    }

    /** Whether the connection is open. */
    public boolean isOpen() {
        return open;
    }

    /** Closes the connection: pending calls fail, open streams end. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
        shutdown("the control connection was closed");
    }
}
