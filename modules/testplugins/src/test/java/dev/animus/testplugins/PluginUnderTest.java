package dev.animus.testplugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A plugin executable started the way the host starts one: a cleared environment (plus what the
 * test gives), its own working directory, stdin/stdout pipes, stderr drained all the time. Every
 * wait is bounded. {@link #close()} kills it.
 */
final class PluginUnderTest implements AutoCloseable {

    static final long WAIT_SECONDS = 20;
    private static final Optional<String> END = Optional.empty();

    private final Process process;
    private final OutputStream stdin;
    private final LinkedBlockingQueue<Optional<String>> stdout = new LinkedBlockingQueue<>();
    private final StringBuilder stderr = new StringBuilder();

    private PluginUnderTest(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        Thread.ofVirtual().start(() -> pumpLines(process.getInputStream()));
        Thread.ofVirtual().start(this::drainStderr);
    }

    static PluginUnderTest start(Path executable, Map<String, String> environment, Path workingDir, String... args) {
        var command = new ArrayList<String>();
        command.add(executable.toString());
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).directory(workingDir.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        try {
            return new PluginUnderTest(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The launcher {@code name} the build wrote. */
    static Path launcher(String name) {
        return Path.of(System.getProperty("animus.testplugins.dir")).resolve(name);
    }

    long pid() {
        return process.pid();
    }

    Process process() {
        return process;
    }

    void send(String line) {
        try {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
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
        send("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\""
                + (paramsJson == null ? "" : ",\"params\":" + paramsJson) + "}");
    }

    /** The next stdout line, or empty at end of stdout. */
    Optional<String> nextLine() {
        try {
            Optional<String> line = stdout.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(line, "no stdout line within " + WAIT_SECONDS + " s; stderr: " + stderr());
            if (line.isEmpty()) {
                stdout.add(END); // stays at the end for later calls
            }
            return line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The next stdout line, which must be one JSON value. */
    JsonNode nextFrame() {
        String line = nextLine().orElseThrow(() -> new AssertionError("stdout ended; stderr: " + stderr()));
        return JsonMapper.shared().readTree(line);
    }

    /** Sends a request; the next frame must be its answer. */
    JsonNode call(Object id, String method, String paramsJson) {
        request(id, method, paramsJson);
        JsonNode answer = nextFrame();
        assertEquals(id.toString(), answer.path("id").asString(), answer.toString());
        return answer;
    }

    /** {@code initialize} (protocol 1.1.0) then {@code initialized}; returns the result. */
    JsonNode handshake() {
        JsonNode answer = call(
                0,
                "initialize",
                "{\"protocol_version\":\"1.1.0\",\"host_info\":"
                        + "{\"name\":\"animus\",\"version\":\"0.1.0\"},\"capabilities\":{\"streaming\":true,"
                        + "\"progress\":true,\"cancellation\":true}}");
        notify("initialized", null);
        return answer.get("result");
    }

    void closeStdin() {
        try {
            stdin.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int exitCode() {
        try {
            if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("still running after " + WAIT_SECONDS + " s; stderr: " + stderr());
            }
            return process.exitValue();
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

    private void pumpLines(InputStream in) {
        try (var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                stdout.add(Optional.of(line));
            }
        } catch (IOException e) {
            // the process was killed under the reader: that is its end of stdout
        } finally {
            stdout.add(END);
        }
    }

    private void drainStderr() {
        try (var reader = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                synchronized (stderr) {
                    stderr.append(line).append('\n');
                }
            }
        } catch (IOException e) {
            // killed: the tail so far is what there is
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
