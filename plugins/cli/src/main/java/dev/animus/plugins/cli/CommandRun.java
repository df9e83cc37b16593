package dev.animus.plugins.cli;

import dev.animus.plugins.cli.CliConfig.Command;
import dev.animus.plugins.cli.CliConfig.PromptMode;
import dev.animus.plugins.cli.CliConfig.StderrMode;
import dev.animus.sdk.provider.AgentRequest;
import dev.animus.sdk.provider.AgentStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One running command and the threads that feed and read it. States: running → stopped (its whole
 * process tree killed, by {@link #stop} on cancel or timeout, or after it exited, for what it left
 * behind) → closed (the readers joined). Its stdout goes to {@code agent/output} as it arrives and
 * is kept for the result; its stderr to {@code agent/thinking} or {@code log/entry}. Thread-safe.
 */
final class CommandRun implements AutoCloseable {

    /** The most stdout kept for the result; what comes after is still streamed. */
    static final int MAX_OUTPUT_CHARS = 4 * 1024 * 1024;

    /** How long a kill may take, and how long the readers get to finish after it. */
    static final Duration STOP_BOUND = Duration.ofSeconds(2);

    private final Process process;
    private final List<Thread> readers = new ArrayList<>();
    private final ReentrantLock outputLock = new ReentrantLock();
    private final StringBuilder output = new StringBuilder();
    private final AtomicBoolean stopped = new AtomicBoolean();
    private boolean truncated;

    private CommandRun(Process process) {
        this.process = process;
    }

    /**
     * Starts {@code argv} (the program resolved already) in {@code request}'s cwd, with the
     * plugin's environment plus {@code request.env()}.
     *
     * @throws IOException if it cannot be started
     */
    static CommandRun start(List<String> argv, Command command, AgentRequest request, AgentStream stream)
            throws IOException {
        List<String> line = new ArrayList<>(argv);
        if (command.prompt() == PromptMode.ARGUMENT) {
            line.add(request.prompt());
        }
        var builder = new ProcessBuilder(ProcessTree.inOwnSession(line))
                .directory(request.cwd().toFile());
        builder.environment().putAll(request.env());
        var run = new CommandRun(builder.start());
        run.feed(command.prompt() == PromptMode.STDIN ? request.prompt() : "");
        run.readers.add(Threads.start(
                "stdout",
                () -> run.pump(() -> TextPump.chunks(run.process.getInputStream(), chunk -> {
                    run.keep(chunk);
                    stream.output(chunk);
                }))));
        run.readers.add(Threads.start(
                "stderr",
                () -> run.pump(() -> {
                    if (command.stderr() == StderrMode.THINKING) {
                        TextPump.chunks(run.process.getErrorStream(), stream::thinking);
                    } else {
                        TextPump.lines(run.process.getErrorStream(), l -> stream.log("info", l));
                    }
                })));
        return run;
    }

    /** The pid of the command (the session leader). */
    long pid() {
        return process.pid();
    }

    /**
     * Waits for the command to exit, for at most {@code limit} when given.
     *
     * @return its exit code (128 + the signal when a signal ended it), empty on timeout
     */
    OptionalInt await(Optional<Duration> limit) throws InterruptedException {
        if (limit.isEmpty()) {
            return OptionalInt.of(process.waitFor());
        }
        return process.waitFor(limit.get().toNanos(), TimeUnit.NANOSECONDS)
                ? OptionalInt.of(process.exitValue())
                : OptionalInt.empty();
    }

    /** Kills the command's whole tree; later calls do nothing. Bounded by {@link #STOP_BOUND}. */
    void stop() {
        if (stopped.compareAndSet(false, true)) {
            ProcessTree.kill(process.toHandle(), STOP_BOUND);
        }
    }

    /** All stdout so far, up to {@link #MAX_OUTPUT_CHARS}. */
    String output() {
        outputLock.lock();
        try {
            return output.toString();
        } finally {
            outputLock.unlock();
        }
    }

    /** Whether stdout went past {@link #MAX_OUTPUT_CHARS}. */
    boolean truncated() {
        outputLock.lock();
        try {
            return truncated;
        } finally {
            outputLock.unlock();
        }
    }

    /**
     * Stops the tree and waits, bounded, for the readers to reach end of input. Runs with the
     * thread's interrupt flag cleared (a cancelled run is interrupted) and restores it.
     */
    void finish() {
        boolean interrupted = Thread.interrupted();
        try {
            stop();
            long deadline = System.nanoTime() + STOP_BOUND.toNanos();
            for (Thread reader : readers) {
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    reader.join(Duration.ofNanos(left));
                }
            }
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** {@link #finish}: idempotent. */
    @Override
    public void close() {
        finish();
    }

    private void feed(String prompt) {
        OutputStream stdin = process.getOutputStream();
        if (prompt.isEmpty()) {
            closeQuietly(stdin);
            return;
        }
        Threads.start("stdin", () -> {
            try (stdin) {
                stdin.write(prompt.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the command exited or closed its stdin without reading all of the prompt: its choice
            }
        });
    }

    private void keep(String chunk) {
        outputLock.lock();
        try {
            int room = MAX_OUTPUT_CHARS - output.length();
            if (chunk.length() > room) {
                output.append(chunk, 0, Math.max(room, 0));
                truncated = true;
            } else {
                output.append(chunk);
            }
        } finally {
            outputLock.unlock();
        }
    }

    private interface Reading {
        void run() throws IOException;
    }

    private void pump(Reading reading) {
        try {
            reading.run();
        } catch (IOException e) {
            // the pipe broke: the command is gone, and its exit code says how
        }
    }

    private static void closeQuietly(OutputStream stream) {
        try {
            stream.close();
        } catch (IOException e) {
            // nothing was written, so nothing is lost
        }
    }
}
