package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin side of a connection under test, over real pipes: it sees every line the host writes
 * (each must be exactly one JSON value: the writer's contract) and writes raw bytes back.
 */
final class FakePeer implements AutoCloseable {
    static final JsonMapper JSON = JsonMapper.shared();
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    final RpcConnection connection;
    private final Pipes hostToPeer;
    private final Pipes peerToHost;
    private final BlockingQueue<Object> lines = new ArrayBlockingQueue<>(100_000);

    private FakePeer(RpcOptions options, boolean reads, Handlers handlers) {
        hostToPeer = Pipes.open();
        peerToHost = Pipes.open();
        connection = RpcConnection.open(peerToHost.in(), hostToPeer.out(), options, handlers);
        if (reads) {
            Thread.ofVirtual().name("fake-peer-stdin").start(this::readHostLines);
        }
    }

    static FakePeer start() {
        return new FakePeer(RpcOptions.defaults("fake"), true, Handlers.none());
    }

    static FakePeer start(RpcOptions options) {
        return new FakePeer(options, true, Handlers.none());
    }

    /** A peer of a connection that answers its requests through {@code handlers} (the server role). */
    static FakePeer serving(Handlers handlers) {
        return new FakePeer(RpcOptions.defaults("fake"), true, handlers);
    }

    /** A peer that never reads its stdin. */
    static FakePeer neverReading(RpcOptions options) {
        return new FakePeer(options, false, Handlers.none());
    }

    /** The next frame the host wrote, parsed strictly from one line. */
    JsonNode nextFrame() {
        return JSON.readTree(nextLine());
    }

    /** The next line the host wrote, as written. */
    String nextLine() {
        try {
            Object line = lines.poll(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            assertNotNull(line, "the host wrote nothing within " + PATIENCE);
            if (line instanceof Throwable failure) {
                fail("reading the host's output failed", failure);
            }
            return (String) line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The next frame, which must be a request for {@code method}. */
    JsonNode nextRequest(String method) {
        JsonNode frame = nextFrame();
        if (!method.equals(frame.path("method").asString(""))) {
            fail("expected a " + method + " frame, got " + frame);
        }
        return frame;
    }

    /** Writes raw text to the host, as the plugin's stdout. */
    void send(String text) {
        sendBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    void sendBytes(byte[] bytes) {
        try {
            peerToHost.out().write(bytes);
            peerToHost.out().flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void send(JsonNode frame) {
        send(JSON.writeValueAsString(frame) + "\n");
    }

    /** Answers a request with a result. */
    void respond(JsonNode request, JsonNode result) {
        ObjectNode response = JSON.createObjectNode().put("jsonrpc", "2.0");
        response.set("id", request.get("id"));
        response.set("result", result);
        send(response);
    }

    /** The plugin closes its stdout: end of stream for the host. */
    void closeOutput() {
        try {
            peerToHost.out().close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void readHostLines() {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(hostToPeer.in(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.put(line);
            }
        } catch (IOException | InterruptedException e) {
            lines.offer(e);
        }
    }

    @Override
    public void close() throws IOException {
        connection.close();
        peerToHost.out().close();
        hostToPeer.in().close();
    }
}
