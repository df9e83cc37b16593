package dev.animus.conformance;

import dev.animus.process.ExitStatus;
import dev.animus.process.PluginProcess;
import dev.animus.process.SpawnSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One process of the plugin under check, spoken to over its raw pipes: what the runner writes goes
 * to stdin byte for byte; stdout is read line by line (a plugin writes one compact frame per line,
 * docs/protocol.md#framing) by one reader thread into a bounded queue; both directions are kept in
 * a transcript for the report. Owns the process: {@link #close} kills its whole tree. States:
 * running → closed.
 */
final class Wire implements AutoCloseable {
    /** The frame bound of docs/protocol.md#size-bounds; a longer line is reported and skipped. */
    static final int MAX_LINE = 16 << 20;

    private static final int TRANSCRIPT_LINES = 60;
    private static final int EXCERPT = 240;
    /** Trailing tokens fail: two values on one line are not one frame. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private final PluginProcess process;
    private final BlockingQueue<Incoming> incoming = new ArrayBlockingQueue<>(4096);
    private final List<String> transcript = new ArrayList<>();
    private final Object transcriptLock = new Object();
    private volatile boolean closed;

    private Wire(PluginProcess process) {
        this.process = process;
        ConformanceThreads.startReader(this::read);
    }

    /**
     * Starts the plugin.
     *
     * @throws dev.animus.process.SpawnFailed naming the executable when the OS refuses
     */
    static Wire start(SpawnSpec spec) {
        return new Wire(PluginProcess.start(spec));
    }

    /** Writes {@code text} to the plugin's stdin and flushes; false when the pipe is closed. */
    boolean write(String text) {
        note("→ " + text.stripTrailing());
        try {
            OutputStream in = process.stdin();
            in.write(text.getBytes(StandardCharsets.UTF_8));
            in.flush();
            return true;
        } catch (IOException e) {
            note("(stdin closed: " + e.getMessage() + ")");
            return false;
        }
    }

    void closeStdin() {
        note("→ (stdin closed)");
        process.closeStdin();
    }

    /** The next thing read from stdout, waiting at most {@code timeout}; empty when none came. */
    Optional<Incoming> next(Duration timeout) {
        try {
            return Optional.ofNullable(incoming.poll(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The exit of the process within {@code timeout}, else empty. */
    Optional<ExitStatus> exit(Duration timeout) {
        try {
            return Optional.of(process.exited().get(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            throw new IllegalStateException("waiting for " + process + " to exit", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The last lines the plugin wrote on stderr. */
    List<String> stderr() {
        return process.stderr().lines();
    }

    List<String> transcript() {
        synchronized (transcriptLock) {
            return List.copyOf(transcript);
        }
    }

    private void read() {
        int frames = 0;
        int line = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.stdout(), StandardCharsets.UTF_8))) {
            for (String text; (text = r.readLine()) != null; ) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                note("← " + text);
                Incoming item = parse(text, line, frames);
                if (item instanceof Incoming.Frame) {
                    frames++;
                }
                put(item);
            }
        } catch (IOException e) {
            note("(stdout: " + e.getMessage() + ")");
        }
        put(new Incoming.End());
    }

    private static Incoming parse(String text, int line, int index) {
        if (text.length() > MAX_LINE) {
            return new Incoming.NotAFrame(excerpt(text), line, "a line longer than 16 MiB");
        }
        try {
            JsonNode value = JSON.readTree(text);
            return new Incoming.Frame(value, index);
        } catch (JacksonException e) {
            return new Incoming.NotAFrame(excerpt(text), line, "not one JSON value (" + e.getOriginalMessage() + ")");
        }
    }

    /** Waits for room while the wire is open; once it is closed nobody reads, and the item is dropped. */
    private void put(Incoming item) {
        try {
            while (!closed) {
                if (incoming.offer(item, 100, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void note(String line) {
        synchronized (transcriptLock) {
            transcript.add(excerpt(line));
            if (transcript.size() > TRANSCRIPT_LINES) {
                transcript.removeFirst();
            }
        }
    }

    static String excerpt(String text) {
        return text.length() <= EXCERPT ? text : text.substring(0, EXCERPT - 3) + "...";
    }

    /** Kills the plugin's whole tree at once (a check has no use for a graceful end it did not ask for). */
    @Override
    public void close() {
        closed = true;
        incoming.clear();
        process.kill();
        process.close();
    }
}
