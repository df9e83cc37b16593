package dev.animus.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * The host's end of an in-memory connection to a plugin under test: writes frames to its stdin,
 * reads its stdout line by line (every line must be JSON), captures its stderr. Waits are bounded.
 */
final class HostEnd implements AutoCloseable {

    private static final long WAIT_SECONDS = 10;

    private final OutputStream toPlugin;
    private final LinkedBlockingQueue<JsonNode> frames = new LinkedBlockingQueue<>();
    private final List<String> lines = new ArrayList<>();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();

    private HostEnd(Plugin plugin, String... args) {
        var stdin = new MemoryPipe();
        var stdout = new MemoryPipe();
        this.toPlugin = stdin.sink();
        var err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        Thread.ofVirtual().start(() -> {
            int code = ((SdkPlugin) plugin).run(args, stdin.source(), stdout.sink(), err);
            exit.complete(code);
            try {
                stdout.sink().close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        Thread.ofVirtual().start(() -> {
            try (var reader = new BufferedReader(new InputStreamReader(stdout.source(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    synchronizedAdd(line);
                    frames.add(Frames.MAPPER.readTree(line));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    static HostEnd connect(Plugin plugin, String... args) {
        return new HostEnd(plugin, args);
    }

    /** Connects and completes the handshake ({@code initialize}, then {@code initialized}). */
    static HostEnd ready(Plugin plugin) {
        var host = connect(plugin);
        host.request(
                0,
                "initialize",
                "{\"protocol_version\":\"1.1.0\",\"host_info\":{\"name\":\"animus\",\"version\":\"0.1.0\"}}");
        JsonNode answer = host.next();
        assertEquals(0, answer.get("id").asInt(), answer.toString());
        assertNotNull(answer.get("result"), answer.toString());
        host.send("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}");
        return host;
    }

    void send(String text) {
        try {
            toPlugin.write((text + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void request(Object id, String method, String paramsJson) {
        String idJson = id instanceof String s ? "\"" + s + "\"" : id.toString();
        send("{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"method\":\"" + method + "\""
                + (paramsJson == null ? "" : ",\"params\":" + paramsJson) + "}");
    }

    void notify(String method, String paramsJson) {
        send("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\",\"params\":" + paramsJson + "}");
    }

    /** The next frame the plugin wrote; fails after a bounded wait. */
    JsonNode next() {
        try {
            JsonNode frame = frames.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(frame, "no frame from the plugin within " + WAIT_SECONDS + " s; stderr: " + stderr());
            return frame;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Calls {@code method} and returns the answer, which must be the next frame. */
    JsonNode call(Object id, String method, String paramsJson) {
        request(id, method, paramsJson);
        JsonNode answer = next();
        assertEquals(id.toString(), answer.get("id").asString(), answer.toString());
        return answer;
    }

    void closeInput() {
        try {
            toPlugin.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The plugin's exit code; fails after a bounded wait. */
    int exitCode() {
        try {
            return exit.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the plugin did not end; stderr: " + stderr(), e);
        }
    }

    /** Every stdout line so far. */
    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    String stderr() {
        return stderr.toString(StandardCharsets.UTF_8);
    }

    private void synchronizedAdd(String line) {
        synchronized (lines) {
            lines.add(line);
        }
    }

    @Override
    public void close() {
        closeInput();
    }
}
