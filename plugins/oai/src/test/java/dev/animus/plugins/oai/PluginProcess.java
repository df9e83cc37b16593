package dev.animus.plugins.oai;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The plugin as a real child process over stdio, the way the host starts it: the launcher the
 * build wrote, with an environment of exactly {@code env}, in {@code dir}. Frames it writes are
 * queued as they arrive.
 */
final class PluginProcess implements AutoCloseable {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<JsonNode> frames = new LinkedBlockingQueue<>();
    private final List<JsonNode> seen = new ArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger ids = new java.util.concurrent.atomic.AtomicInteger();

    private PluginProcess(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        Thread.ofVirtual().start(this::readFrames);
    }

    /**
     * The launcher the build wrote ({@code target/plugin/animus-provider-oai}, system property
     * {@code animus.oai.launcher}) with {@code args}.
     */
    static List<String> command(String... args) {
        String launcher = System.getProperty("animus.oai.launcher");
        if (launcher == null || !Files.isExecutable(Path.of(launcher))) {
            throw new IllegalStateException("no launcher at animus.oai.launcher=" + launcher
                    + "; run the tests through Maven (process-classes writes it)");
        }
        List<String> command = new ArrayList<>(List.of(launcher));
        command.addAll(List.of(args));
        return command;
    }

    /** Starts the plugin and does the handshake. */
    static PluginProcess start(Path dir, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command()).directory(dir.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        PluginProcess plugin = new PluginProcess(builder.start());
        plugin.send(
                "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocol_version\":\"1.1.0\","
                        + "\"capabilities\":{\"streaming\":true,\"cancellation\":true}}}");
        plugin.response(0);
        plugin.send("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}");
        return plugin;
    }

    private void readFrames() {
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                frames.add(JSON.readTree(line));
            }
        } catch (IOException e) {
            // the process ended; the waits below time out with what was seen
        }
    }

    /** A request id not used yet on this connection. */
    int nextId() {
        return ids.incrementAndGet();
    }

    void send(String frame) throws IOException {
        stdin.write((frame + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** Sends request {@code id} of {@code method} with {@code params}. */
    void request(int id, String method, Object params) throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":"
                + JSON.writeValueAsString(params) + "}");
    }

    /** The next frame matching {@code which}, skipping (but keeping) the others. */
    JsonNode await(Predicate<JsonNode> which, String what) throws InterruptedException {
        for (JsonNode f : seen) {
            if (which.test(f)) {
                seen.remove(f);
                return f;
            }
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            JsonNode frame = frames.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (frame == null) {
                throw new AssertionError("no " + what + " within " + WAIT + "; frames kept: " + seen);
            }
            if (which.test(frame)) {
                return frame;
            }
            seen.add(frame);
        }
    }

    private JsonNode next(String what) throws InterruptedException {
        JsonNode frame = frames.poll(WAIT.toNanos(), TimeUnit.NANOSECONDS);
        if (frame == null) {
            throw new AssertionError("no " + what + " within " + WAIT + "; frames kept: " + seen);
        }
        return frame;
    }

    /** The answer to request {@code id}. */
    JsonNode response(int id) throws InterruptedException {
        return await(f -> !f.has("method") && f.path("id").asInt(-1) == id, "answer to request " + id);
    }

    /** The next notification {@code method} of the run {@code control}. */
    JsonNode notification(String method, String control) throws InterruptedException {
        return await(
                f -> method.equals(f.path("method").asString(""))
                        && control.equals(f.path("params").path("session_id").asString("")),
                "notification " + method + " of " + control);
    }

    /** Every notification {@code method} received before the answer to {@code id}, in order. */
    List<JsonNode> notificationsBefore(int id, String method) throws InterruptedException {
        List<JsonNode> out = new ArrayList<>();
        while (true) {
            JsonNode frame = next("a frame before the answer to " + id);
            if (!frame.has("method") && frame.path("id").asInt(-1) == id) {
                seen.add(frame);
                return out;
            }
            if (method.equals(frame.path("method").asString(""))) {
                out.add(frame.path("params"));
            } else {
                seen.add(frame);
            }
        }
    }

    /** Closes stdin (the plugin exits at end of input) and waits for the exit; kills it after 5 s. */
    @Override
    public void close() {
        try {
            stdin.close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
