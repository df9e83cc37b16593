package dev.animus.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running plugin process and its whole process tree.
 *
 * <p>The process starts from exactly the environment in its {@link SpawnSpec} (the inherited one
 * is cleared first), as the leader of a new session when {@code setsid} is available (so it has no
 * controlling terminal, a Ctrl-C at the host's terminal does not reach it, and its grandchildren
 * can be found even after their parent died). stdin and stdout are pipes for the protocol; stderr
 * is drained all the time into a {@link StderrTail}.
 *
 * <p>States: running → stopping → exited. {@link #close()} is idempotent and runs
 * {@link #stop(Duration)} with {@link #DEFAULT_STEP}; after it returns no process of the tree is
 * left. Every live instance is also killed by a JVM shutdown hook, so the host exiting never leaves
 * plugins behind. Thread-safe.
 */
public final class PluginProcess implements AutoCloseable {
    /** The wait between the steps of the stop sequence (docs/protocol.md#shutdown-and-exit). */
    public static final Duration DEFAULT_STEP = Duration.ofSeconds(2);

    private static final Logger LOG = LoggerFactory.getLogger(PluginProcess.class);
    private static final Path SETSID = Setsid.path().orElse(null);
    /** How long exit reporting waits for the last stderr bytes (a grandchild may hold stderr). */
    private static final Duration STDERR_SETTLE = Duration.ofMillis(200);
    /** How long it waits for them beyond that once no process of the tree is left to hold stderr. */
    private static final Duration STDERR_LAST_BYTES = Duration.ofSeconds(2);

    private final SpawnSpec spec;
    private final Process process;
    private final boolean sessionLeader;
    private final long startTicks;
    private final StderrTail stderr;
    private final CompletableFuture<ExitStatus> exited;
    private final AtomicBoolean closed = new AtomicBoolean();

    private PluginProcess(SpawnSpec spec, Process process, boolean sessionLeader) {
        this.spec = spec;
        this.process = process;
        this.sessionLeader = sessionLeader;
        this.startTicks = LiveRoots.startTicks(process.pid());
        this.stderr = StderrTail.drain(spec.name(), process.getErrorStream());
        this.exited = new CompletableFuture<>();
        // Not Process.onExit(): its async stage runs in the common pool, which anyone's blocking
        // work can starve. waitFor() is released by the JDK's reaper before it touches the pipes.
        ProcessThreads.startExitWatch(this::watchExit);
        LiveProcesses.register(this);
    }

    private void watchExit() {
        int code;
        try {
            code = process.waitFor();
        } catch (InterruptedException e) {
            exited.completeExceptionally(e);
            return;
        }
        LiveRoots.unregister(process.pid()); // reaped: waitFor returns after the JDK's waitpid
        if (!stderr.awaitDrained(STDERR_SETTLE) && tree().isEmpty()) {
            // no process holds the pipe any more: its end is only the drain's turn away (a loaded machine)
            stderr.awaitDrained(STDERR_LAST_BYTES);
        }
        exited.complete(new ExitStatus(code, stderr.lines()));
    }

    /**
     * Starts {@code spec}.
     *
     * @throws SpawnFailed naming the executable when the OS refuses (missing, not executable, ...)
     */
    public static PluginProcess start(SpawnSpec spec) {
        List<String> command = new ArrayList<>();
        boolean leader = SETSID != null;
        if (leader) {
            command.add(SETSID.toString());
        }
        command.addAll(spec.command());
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(spec.environment());
        spec.workingDirectory().ifPresent(d -> pb.directory(d.toFile()));
        pb.redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .redirectError(ProcessBuilder.Redirect.PIPE);
        checkExecutable(spec);
        try {
            Process p = LiveRoots.spawn(pb);
            LOG.debug("started plugin {} (pid {}): {}", spec.name(), p.pid(), spec.command());
            return new PluginProcess(spec, p, leader);
        } catch (IOException e) {
            throw new SpawnFailed(
                    "cannot start plugin " + spec.name() + " (" + spec.executable() + "): " + e.getMessage(), e);
        }
    }

    /** With setsid in front, a missing executable would only show as exit code 127; say it clearly. */
    private static void checkExecutable(SpawnSpec spec) {
        String exe = spec.executable();
        if (!exe.contains("/")) {
            return; // resolved through PATH by the OS
        }
        Path p = spec.workingDirectory().map(d -> d.resolve(exe)).orElse(Path.of(exe));
        if (!Files.exists(p)) {
            throw new SpawnFailed("cannot start plugin " + spec.name() + ": " + exe + " does not exist", null);
        }
        if (Files.isDirectory(p) || !Files.isExecutable(p)) {
            throw new SpawnFailed(
                    "cannot start plugin " + spec.name() + ": " + exe + " is not an executable file (chmod +x?)", null);
        }
    }

    /** The plugin's pid. */
    public long pid() {
        return process.pid();
    }

    /** The display name from the spec. */
    public String name() {
        return spec.name();
    }

    /** The plugin's stdin (host → plugin frames). The caller owns flushing. */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /** The plugin's stdout (plugin → host frames). */
    public InputStream stdout() {
        return process.getInputStream();
    }

    /** The drained stderr. */
    public StderrTail stderr() {
        return stderr;
    }

    /** Completes when the plugin process itself has exited (its tree may still live). */
    public CompletableFuture<ExitStatus> exited() {
        return exited;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Live processes of the tree, the plugin last. */
    public Set<ProcessHandle> tree() {
        return ProcessTree.members(process.toHandle(), startTicks, sessionLeader);
    }

    /** Closes the plugin's stdin (EOF means exit, docs/protocol.md#shutdown-and-exit). */
    public void closeStdin() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            LOG.debug("closing stdin of {}: {}", spec.name(), e.getMessage());
        }
    }

    /** SIGKILL to the whole tree at once, without waiting. */
    public void kill() {
        ProcessTree.kill(tree());
    }

    /**
     * The forceful end of the stop sequence (docs/protocol.md#shutdown-and-exit): close stdin, wait
     * {@code step}, SIGTERM the tree, wait {@code step}, SIGKILL the tree; then leftovers of the
     * tree (a grandchild that holds a pipe) get SIGTERM and, after {@code step}, SIGKILL. Returns
     * how the plugin itself ended. The protocol steps ({@code shutdown}, {@code exit}) belong to
     * the caller, before this.
     */
    public Termination stop(Duration step) {
        Termination how = stopRoot(step);
        reapLeftovers(step);
        return how;
    }

    private Termination stopRoot(Duration step) {
        if (!process.isAlive()) {
            return Termination.ALREADY_EXITED;
        }
        closeStdin();
        if (waitRoot(step)) {
            return Termination.EXITED_ON_EOF;
        }
        Set<ProcessHandle> members = tree();
        LOG.debug("plugin {} (pid {}) still running after stdin closed: SIGTERM", spec.name(), pid());
        ProcessTree.terminate(members);
        if (waitRoot(step)) {
            return Termination.TERMINATED;
        }
        LOG.warn("plugin {} (pid {}) ignored SIGTERM for {}: SIGKILL", spec.name(), pid(), step);
        ProcessTree.kill(tree());
        waitRoot(step);
        return Termination.KILLED;
    }

    private void reapLeftovers(Duration step) {
        Set<ProcessHandle> left = tree();
        if (left.isEmpty()) {
            return;
        }
        LOG.debug("plugin {}: {} leftover process(es) of its tree: SIGTERM", spec.name(), left.size());
        ProcessTree.terminate(left);
        long deadline = System.nanoTime() + step.toNanos();
        for (ProcessHandle p : left) {
            waitExit(p, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        }
        Set<ProcessHandle> stubborn = tree();
        if (!stubborn.isEmpty()) {
            ProcessTree.kill(stubborn);
            for (ProcessHandle p : stubborn) {
                waitExit(p, step);
            }
        }
    }

    /**
     * Waits at most {@code bound} for the plugin's own process to exit and be reaped: it is our
     * child, so the JDK reaps it, and {@link #isAlive()} is false once this returns true (a wait on
     * its handle could see the zombie first and return while {@code isAlive()} still said true).
     */
    private boolean waitRoot(Duration bound) {
        try {
            return process.waitFor(bound.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    private static boolean waitExit(ProcessHandle p, Duration bound) {
        if (!ProcessTree.isRunning(p.pid())) {
            return true; // gone, or a zombie nobody but init will reap
        }
        try {
            p.onExit().get(bound.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return !ProcessTree.isRunning(p.pid());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !ProcessTree.isRunning(p.pid());
        }
    }

    /** Runs {@link #stop(Duration)} with the default step, once. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                stop(DEFAULT_STEP);
            } finally {
                LiveProcesses.unregister(this);
            }
        }
    }

    @Override
    public String toString() {
        return "plugin " + spec.name() + " (pid " + pid() + ")";
    }
}
