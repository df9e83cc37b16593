package dev.animus.keyring;

import dev.animus.core.SecretStoreFailed;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code secret-tool} once per call: a cleared environment holding only what it needs, the
 * input (a value) on stdin and never in an argument, stdout and stderr read concurrently and
 * bounded, and the whole process tree killed when the time limit passes.
 */
final class SecretTool {

    /** What is passed on from the caller's environment; everything else is left out. */
    static final List<String> PASSED_ON =
            List.of("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "HOME", "PATH", "LANG", "LC_ALL");

    /** The most of stdout or stderr kept; the rest is read and dropped. */
    static final int MAX_OUTPUT = 1 << 20;

    private static final String EXECUTABLE = "secret-tool";
    private static final Duration REAPING = Duration.ofSeconds(2);

    private final Path executable;
    private final Map<String, String> environment;
    private final Duration timeout;

    SecretTool(Path executable, Map<String, String> environment, Duration timeout) {
        this.executable = Objects.requireNonNull(executable, "executable");
        this.environment = Map.copyOf(environment);
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /** The caller's variables that secret-tool needs, and nothing else. */
    static Map<String, String> passedOn(Map<String, String> callerEnvironment) {
        Objects.requireNonNull(callerEnvironment, "callerEnvironment");
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : PASSED_ON) {
            String value = callerEnvironment.get(key);
            if (value != null) {
                out.put(key, value);
            }
        }
        return out;
    }

    /** {@code secret-tool} on {@code path} (absolute entries only, so never the working directory). */
    static Optional<Path> resolve(String path) {
        if (path == null || path.isEmpty()) {
            return Optional.empty();
        }
        for (String entry : path.split(File.pathSeparator, -1)) {
            if (entry.isEmpty()) {
                continue;
            }
            try {
                Path dir = Path.of(entry);
                if (!dir.isAbsolute()) {
                    continue;
                }
                Path candidate = dir.resolve(EXECUTABLE);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            } catch (InvalidPathException e) {
                // an entry that is no path cannot hold secret-tool
            }
        }
        return Optional.empty();
    }

    Duration timeout() {
        return timeout;
    }

    /** One finished run. {@code stdout} may hold a value: the caller wipes it when done. */
    record Result(int exit, byte[] stdout, boolean stdoutTruncated, String stderr) {
        boolean stderrBlank() {
            return stderr.isBlank();
        }
    }

    /** The run did not finish within the time limit; the process tree has been killed. */
    static final class TimedOut extends Exception {
        private static final long serialVersionUID = 1L;

        TimedOut() {
            super("secret-tool did not finish in time", null, false, false);
        }
    }

    /**
     * Runs {@code secret-tool args...}, writing {@code input} (if any) to its stdin and closing it.
     * The input array is wiped once written.
     *
     * @throws TimedOut when the time limit passed (the process and its descendants are killed)
     * @throws SecretStoreFailed when it could not be started or the wait was interrupted
     */
    Result run(List<String> args, byte[] input) throws TimedOut {
        List<String> command = new ArrayList<>(args.size() + 1);
        command.add(executable.toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().putAll(environment);
        if (input == null) {
            builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            wipe(input);
            throw new SecretStoreFailed(
                    "secret-service: could not run " + executable + " (" + e.getMessage()
                            + "); install libsecret-tools, or set ANIMUS_KEYRING=file",
                    e);
        }
        Drain out = new Drain(process.getInputStream(), "secret-tool-stdout");
        Drain err = new Drain(process.getErrorStream(), "secret-tool-stderr");
        Thread writer = null;
        if (input != null) {
            writer = Thread.ofPlatform().daemon().name("secret-tool-stdin").start(() -> feed(process, input));
        }
        try {
            boolean exited = process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (!exited) {
                killTree(process);
                out.join(REAPING);
                err.join(REAPING);
                out.discard();
                throw new TimedOut();
            }
            // a descendant still holding the pipes open would keep the drains going: bounded too
            long left = Math.max(0, deadline - System.nanoTime()) + REAPING.toNanos();
            if (!out.join(Duration.ofNanos(left)) || !err.join(REAPING)) {
                killTree(process);
                out.discard();
                throw new TimedOut();
            }
            if (writer != null) {
                writer.join(REAPING.toMillis());
            }
            return new Result(
                    process.exitValue(), out.bytes(), out.truncated(), new String(err.bytes(), StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            killTree(process);
            out.discard();
            throw new SecretStoreFailed("secret-service: interrupted while waiting for secret-tool", e);
        }
    }

    private static void feed(Process process, byte[] input) {
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(input);
        } catch (IOException e) {
            // the process went away before reading it all: its exit status tells the caller
        } finally {
            wipe(input);
        }
    }

    static void wipe(byte[] bytes) {
        if (bytes != null) {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /** Kills {@code process} and every descendant it had, forcibly. */
    static void killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        for (ProcessHandle d : descendants) {
            // children of a descendant that is still alive (spawned after the first look)
            d.descendants().forEach(ProcessHandle::destroyForcibly);
            d.destroyForcibly();
        }
        try {
            process.waitFor(REAPING.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads one stream to its end on its own thread, keeping at most {@link #MAX_OUTPUT} bytes. */
    private static final class Drain {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final Thread thread;
        private boolean truncated;

        Drain(InputStream in, String name) {
            this.thread = Thread.ofPlatform().daemon().name(name).start(() -> pump(in));
        }

        private void pump(InputStream in) {
            byte[] buffer = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    synchronized (this) {
                        int room = MAX_OUTPUT - kept.size();
                        if (n > room) {
                            truncated = true;
                        }
                        kept.write(buffer, 0, Math.min(n, Math.max(room, 0)));
                    }
                }
            } catch (IOException e) {
                // the stream closed under us (the process was killed): keep what was read
            } finally {
                wipe(buffer);
            }
        }

        boolean join(Duration limit) throws InterruptedException {
            return thread.join(limit);
        }

        synchronized byte[] bytes() {
            byte[] copy = kept.toByteArray();
            discard();
            return copy;
        }

        synchronized boolean truncated() {
            return truncated;
        }

        /** Drops what was kept; ByteArrayOutputStream's buffer is overwritten by writing zeros over it. */
        synchronized void discard() {
            int size = kept.size();
            kept.reset();
            kept.write(new byte[size], 0, size);
            kept.reset();
        }
    }
}
