package dev.animus.plugins.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin as a real child process ({@code java -p <the test's module path> -m ...}), started as
 * a host starts plugins: an environment of {@code PATH} only, frames on its stdin and stdout. Waits
 * are bounded; {@link #close} kills it.
 */
final class PluginProcess implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final long WAIT_SECONDS = 15;

    private final Process process;
    private final OutputStream stdin;
    private final LinkedBlockingQueue<JsonNode> frames = new LinkedBlockingQueue<>();
    private final StringBuilder stderr = new StringBuilder();
    private final AtomicInteger ids = new AtomicInteger(100);

    private PluginProcess(Path dir, String... args) throws IOException {
        var command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Xlog:disable",
                "-p",
                System.getProperty("jdk.module.path"),
                "-m",
                "dev.animus.plugins.cli/dev.animus.plugins.cli.CliProvider"));
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().clear();
        builder.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        process = builder.start();
        stdin = process.getOutputStream();
        Thread.ofVirtual().start(() -> {
            try (var reader =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    frames.add(JSON.readTree(line));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        Thread.ofVirtual().start(() -> {
            try (var reader =
                    new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    synchronizedAppend(line);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Started and through the handshake. */
    static PluginProcess ready(Path dir) throws IOException {
        var plugin = new PluginProcess(dir);
        JsonNode answer = plugin.call("initialize", JSON.readTree("{\"protocol_version\":\"1.1.0\"}"));
        assertNotNull(answer.get("result"), answer.toString());
        plugin.send("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}");
        return plugin;
    }

    /** The whole stdout of {@code plugin --manifest}. */
    static String manifest(Path dir) throws Exception {
        try (var plugin = new PluginProcess(dir, "--manifest")) {
            assertEquals(0, plugin.process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS) ? plugin.process.exitValue() : -1);
            return plugin.next().toString();
        }
    }

    void send(String frame) {
        try {
            stdin.write((frame + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends request {@code method} and returns its id. */
    int request(String method, JsonNode params) {
        int id = ids.incrementAndGet();
        ObjectNode frame = JSON.createObjectNode();
        frame.put("jsonrpc", "2.0");
        frame.put("id", id);
        frame.put("method", method);
        frame.set("params", params);
        send(frame.toString());
        return id;
    }

    /** Calls {@code method}; the answer must be the next frame. */
    JsonNode call(String method, JsonNode params) {
        int id = request(method, params);
        JsonNode answer = next();
        assertEquals(id, answer.path("id").asInt(), answer.toString());
        return answer;
    }

    /** The next frame; fails after a bounded wait. */
    JsonNode next() {
        try {
            JsonNode frame = frames.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(frame, "no frame within " + WAIT_SECONDS + " s; stderr: " + stderr());
            return frame;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    private void synchronizedAppend(String line) {
        synchronized (stderr) {
            stderr.append(line).append('\n');
        }
    }

    @Override
    public void close() throws IOException {
        stdin.close();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
