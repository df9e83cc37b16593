package dev.animus.plugins.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A real peer on a Unix-domain socket speaking the daemon's control protocol
 * (docs/daemon.md#the-control-protocol) for the handful of methods the transport uses: NDJSON
 * requests and answers; the streams {@code daemon/events}, {@code subject/watch} and
 * {@code daemon/logs} answered with the ack {@code {subscription}}, then (without follow) their
 * values and {@code subscription/closed}, or (with follow) whatever the test {@link #emit}s.
 * {@code daemon/events} with follow first replays one old event, as the daemon replays its recent
 * ones. Every request received is kept for the test to read.
 */
final class ControlPeer implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** An event stamped long before any subscription: the daemon's replay of its recent events. */
    static final String REPLAYED = "{\"type\":\"daemon_started\",\"at\":\"2020-01-01T00:00:00Z\",\"pid\":1}";

    private final ServerSocketChannel server;
    private final List<JsonNode> requests = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, Follower> followers = new ConcurrentHashMap<>();
    private final AtomicInteger subscriptions = new AtomicInteger();

    private record Follower(Connection connection, String subscription, String group) {}

    private final class Connection {
        private final SocketChannel channel;
        private final ReentrantLock writing = new ReentrantLock();

        Connection(SocketChannel channel) {
            this.channel = channel;
        }

        void write(JsonNode frame) {
            ByteBuffer b = ByteBuffer.wrap((frame + "\n").getBytes(StandardCharsets.UTF_8));
            writing.lock();
            try {
                while (b.hasRemaining()) {
                    channel.write(b);
                }
            } catch (IOException e) {
                // the transport went away
            } finally {
                writing.unlock();
            }
        }
    }

    ControlPeer(Path socket) throws IOException {
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        Thread.ofVirtual().start(this::accept);
    }

    private void accept() {
        try {
            while (true) {
                Connection c = new Connection(server.accept());
                Thread.ofVirtual().start(() -> serve(c));
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void serve(Connection c) {
        try (var in =
                new BufferedReader(new InputStreamReader(Channels.newInputStream(c.channel), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                JsonNode request = JSON.readTree(line);
                requests.add(request);
                answer(c, request);
            }
        } catch (IOException e) {
            // the transport closed the connection
        } finally {
            followers.values().removeIf(f -> f.connection() == c);
        }
    }

    private void answer(Connection c, JsonNode request) {
        String method = request.path("method").asString("");
        JsonNode id = request.path("id");
        JsonNode params = request.path("params");
        boolean follow = params.path("follow").asBoolean(false);
        switch (method) {
            case "$/cancelRequest" -> followers.values().removeIf(f -> f.connection() == c);
            case "daemon/status" -> {
                ObjectNode result =
                        JSON.createObjectNode().put("version", "peer").put("pid", 4242);
                result.set("params", params);
                c.write(result(id, result));
            }
            case "plugin/reset" ->
                c.write(error(
                        id, -32602, "no plugin " + params.path("name").asString() + " is installed", "not_found"));
            case "daemon/events", "subject/watch", "daemon/logs" -> {
                String group = method.substring(0, method.indexOf('/'));
                String subscription = "sub-" + subscriptions.incrementAndGet();
                c.write(result(id, JSON.createObjectNode().put("subscription", subscription)));
                if (method.equals("daemon/events") && follow) {
                    c.write(event(group, subscription, JSON.readTree(REPLAYED)));
                }
                if (follow || method.equals("subject/watch")) {
                    followers.put(method, new Follower(c, subscription, group));
                } else {
                    for (int i = 1; i <= 2; i++) {
                        c.write(event(
                                group, subscription, JSON.createObjectNode().put("n", i)));
                    }
                    c.write(notification(
                            "subscription/closed",
                            JSON.createObjectNode()
                                    .put("subscription", subscription)
                                    .put("reason", "end")));
                }
            }
            default -> c.write(error(id, -32001, "unknown method " + method, "not_supported"));
        }
    }

    /** Waits (bounded) until the transport follows {@code method}. */
    void awaitFollower(String method) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!followers.containsKey(method)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the transport did not subscribe to " + method + " within 30 s");
            }
            Thread.sleep(20); // a bounded poll for another process
        }
    }

    /** Sends {@code data} to the follower of {@code method}. */
    void emit(String method, JsonNode data) {
        Follower f = followers.get(method);
        if (f == null) {
            throw new AssertionError("nobody follows " + method);
        }
        f.connection().write(event(f.group(), f.subscription(), data));
    }

    /** Ends the stream of {@code method}'s follower ({@code subscription/closed}). */
    void end(String method) {
        Follower f = followers.remove(method);
        if (f == null) {
            throw new AssertionError("nobody follows " + method);
        }
        f.connection()
                .write(notification(
                        "subscription/closed",
                        JSON.createObjectNode()
                                .put("subscription", f.subscription())
                                .put("reason", "end")));
    }

    /** A {@code plugin_status_changed} event stamped now, padded with {@code pad} characters. */
    static ObjectNode statusChange(String plugin, int pad) {
        ObjectNode e = JSON.createObjectNode()
                .put("type", "plugin_status_changed")
                .put("at", Instant.now().toString())
                .put("plugin", plugin)
                .put("from", "ready")
                .put("to", "crashed")
                .put("reason", "exit 1")
                .put("notable", true);
        if (pad > 0) {
            e.put("pad", "x".repeat(pad));
        }
        return e;
    }

    /** The params of every request of {@code method} the transport sent so far, in order. */
    List<JsonNode> params(String method) {
        return requests.stream()
                .filter(r -> r.path("method").asString("").equals(method))
                .map(r -> r.path("params"))
                .toList();
    }

    /** The methods requested so far, in order. */
    List<String> methods() {
        return requests.stream().map(r -> r.path("method").asString("")).toList();
    }

    private static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode f = JSON.createObjectNode().put("jsonrpc", "2.0");
        f.set("id", id);
        f.set("result", result);
        return f;
    }

    private static ObjectNode error(JsonNode id, int code, String message, String category) {
        ObjectNode f = JSON.createObjectNode().put("jsonrpc", "2.0");
        f.set("id", id);
        ObjectNode e = f.putObject("error").put("code", code).put("message", message);
        e.putObject("data").put("category", category).put("message", message);
        return f;
    }

    private static ObjectNode event(String group, String subscription, JsonNode data) {
        ObjectNode params = JSON.createObjectNode().put("subscription", subscription);
        params.set("data", data);
        return notification(group + "/event", params);
    }

    private static ObjectNode notification(String method, JsonNode params) {
        ObjectNode f = JSON.createObjectNode().put("jsonrpc", "2.0").put("method", method);
        f.set("params", params);
        return f;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
