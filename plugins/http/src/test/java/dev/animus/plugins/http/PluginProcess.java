package dev.animus.plugins.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin as a real child process, started as a host starts it: the launcher the build wrote
 * ({@code animus.http.launcher}), an environment of {@code PATH} only, the working directory a
 * test's project. Answers and notifications are kept apart; every wait is bounded.
 */
final class PluginProcess implements AutoCloseable {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final long WAIT_SECONDS = 30;

    private final Process process;
    private final OutputStream stdin;
    private final ReentrantLock writing = new ReentrantLock();
    private final Map<Integer, LinkedBlockingQueue<JsonNode>> answers = new ConcurrentHashMap<>();
    private final LinkedBlockingQueue<JsonNode> notifications = new LinkedBlockingQueue<>();
    private final StringBuffer stderr = new StringBuffer();
    private final AtomicInteger ids = new AtomicInteger();

    private PluginProcess(Path dir, Map<String, String> env, List<String> args) throws IOException {
        String launcher = System.getProperty("animus.http.launcher");
        if (launcher == null || !Files.isExecutable(Path.of(launcher))) {
            throw new IllegalStateException("no launcher at animus.http.launcher=" + launcher
                    + "; run the tests through Maven (the build writes it at process-classes)");
        }
        var command = new java.util.ArrayList<>(List.of(launcher));
        command.addAll(args);
        var builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().clear();
        builder.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        builder.environment().putAll(env);
        process = builder.start();
        stdin = process.getOutputStream();
        Thread.ofVirtual().start(() -> {
            try (var reader =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    JsonNode frame = JSON.readTree(line);
                    if (frame.has("id") && !frame.has("method")) {
                        queue(frame.get("id").asInt()).add(frame);
                    } else {
                        notifications.add(frame);
                    }
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
                    stderr.append(line).append('\n');
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Started in {@code dir} with the variables {@code env} and through the handshake. */
    static PluginProcess ready(Path dir, Map<String, String> env) throws IOException {
        var plugin = new PluginProcess(dir, env, List.of());
        JsonNode answer = plugin.call("initialize", object("{\"protocol_version\":\"1.1.0\"}"));
        assertNotNull(answer.get("result"), answer.toString());
        plugin.send("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}");
        return plugin;
    }

    /** The one line {@code --manifest} prints. */
    static JsonNode manifest(Path dir) throws Exception {
        try (var plugin = new PluginProcess(dir, Map.of(), List.of("--manifest"))) {
            assertEquals(true, plugin.process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "--manifest did not end");
            return plugin.nextNotification();
        }
    }

    static ObjectNode object(String json) {
        return (ObjectNode) JSON.readTree(json);
    }

    void send(String frame) {
        writing.lock();
        try {
            stdin.write((frame + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writing.unlock();
        }
    }

    /** Sends request {@code method} and returns its id, without waiting. */
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

    /** The answer to request {@code id}; fails after a bounded wait. */
    JsonNode answer(int id) {
        try {
            JsonNode frame = queue(id).poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(frame, "no answer to " + id + " within " + WAIT_SECONDS + " s; stderr: " + stderr);
            answers.remove(id);
            return frame;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Calls {@code method} and returns the whole answer frame. */
    JsonNode call(String method, JsonNode params) {
        return answer(request(method, params));
    }

    /** Calls {@code method}; its {@code result}, failing on an error. */
    JsonNode result(String method, String params) {
        JsonNode answer = call(method, object(params));
        assertNotNull(answer.get("result"), method + " " + params + " answered " + answer);
        return answer.get("result");
    }

    /** Calls {@code method}; its {@code error}, failing on a result. */
    JsonNode error(String method, String params) {
        JsonNode answer = call(method, object(params));
        assertNotNull(answer.get("error"), method + " " + params + " answered " + answer);
        return answer.get("error");
    }

    /** The next notification (or, for --manifest, line); fails after a bounded wait. */
    JsonNode nextNotification() {
        try {
            JsonNode frame = notifications.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(frame, "no notification within " + WAIT_SECONDS + " s; stderr: " + stderr);
            return frame;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The next notification if one comes within {@code millis}. */
    java.util.Optional<JsonNode> notificationWithin(long millis) {
        try {
            return java.util.Optional.ofNullable(notifications.poll(millis, TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Whether the process ended within {@code seconds}. */
    boolean endsWithin(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS);
    }

    /** Closes the plugin's stdin (end of input, as when the host goes away). */
    void closeStdin() {
        try {
            stdin.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SIGKILLs the process (kill -9) and waits for it to be gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("the plugin did not die of SIGKILL");
        }
    }

    String stderr() {
        return stderr.toString();
    }

    private LinkedBlockingQueue<JsonNode> queue(int id) {
        return answers.computeIfAbsent(id, k -> new LinkedBlockingQueue<>());
    }

    @Override
    public void close() throws IOException {
        try {
            stdin.close();
        } catch (IOException e) {
            // already gone (killed): nothing to close
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
