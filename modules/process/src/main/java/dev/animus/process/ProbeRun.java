package dev.animus.process;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One started manifest probe and its whole process tree: drains both output pipes under their
 * caps, enforces the deadline, and kills the tree however the probe ends.
 *
 * <p>States: running → ended ({@link #await}) → closed. {@link #close()} is idempotent; after it
 * returns no process of the tree is running (within {@link #REAP_BOUND}). Used by one thread, the
 * caller of {@link ManifestProbe#run}; the drains and the shutdown hook only call
 * {@link #killTree()}, which is thread-safe.
 */
final class ProbeRun implements AutoCloseable {
    /** How the probe ended, as far as the process goes; the first failure wins. */
    sealed interface End {}

    record Exited(int code) implements End {}

    record TimedOut() implements End {}

    record Interrupted() implements End {}

    record StdoutTooLarge() implements End {}

    record StderrTooLarge() implements End {}

    /** How long to wait for SIGKILLed members to be gone (SIGKILL is not refused; D state delays it). */
    static final Duration REAP_BOUND = Duration.ofSeconds(1);
    /**
     * How long to wait for the pipes' end once the tree is gone. With every writer dead it comes at
     * once; only a process that escaped the tree (its own session, re-parented) can hold a pipe
     * longer, and then the probe returns anyway with what was read ("Exit, not EOF").
     */
    static final Duration SETTLE = Duration.ofMillis(500);
    /** stderr bytes kept for the excerpt: far more than {@link StderrExcerpt#MAX_CHARS}. */
    static final int STDERR_KEPT = 4096;

    private static final Logger LOG = LoggerFactory.getLogger(ProbeRun.class);
    private static final long LONGEST_PAUSE = TimeUnit.MILLISECONDS.toNanos(20);

    private final Process process;
    private final boolean sessionLeader;
    private final long startTicks;
    private final AtomicReference<End> failure = new AtomicReference<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CappedDrain stdout;
    private final CappedDrain stderr;
    private boolean interrupted;

    private ProbeRun(Process process, boolean sessionLeader, ProbeLimits limits) {
        this.process = process;
        this.sessionLeader = sessionLeader;
        this.startTicks = LiveRoots.startTicks(process.pid());
        String name = "animus-probe-" + process.pid();
        this.stdout = CappedDrain.start(
                name + "-stdout",
                process.getInputStream(),
                limits.maxStdoutBytes(),
                limits.maxStdoutBytes(),
                () -> fail(new StdoutTooLarge()));
        this.stderr = CappedDrain.start(
                name + "-stderr",
                process.getErrorStream(),
                limits.maxStderrBytes(),
                STDERR_KEPT,
                () -> fail(new StderrTooLarge()));
    }

    /** Takes ownership of {@code process}: on any failure here its tree is killed. */
    static ProbeRun start(Process process, boolean sessionLeader, ProbeLimits limits) {
        try {
            ProbeRun run = new ProbeRun(process, sessionLeader, limits);
            LiveProbes.register(run);
            return run;
        } catch (RuntimeException | Error e) {
            ProcessTree.kill(
                    ProcessTree.members(process.toHandle(), LiveRoots.startTicks(process.pid()), sessionLeader));
            LiveRoots.unregisterWhenReaped(process);
            throw e;
        }
    }

    /**
     * Waits for the probe to end, at the latest {@code timeoutNanos} after {@code startedNanos}
     * ({@link System#nanoTime()}); then kills what is left of the tree and lets the pipes settle.
     */
    End await(long startedNanos, long timeoutNanos) {
        End end;
        try {
            long remaining = timeoutNanos - (System.nanoTime() - startedNanos);
            end = process.waitFor(remaining, TimeUnit.NANOSECONDS) ? new Exited(process.exitValue()) : new TimedOut();
        } catch (InterruptedException e) {
            interrupted = true;
            end = new Interrupted();
        }
        if (!(end instanceof Exited)) {
            failure.compareAndSet(null, end);
        }
        // Leftovers of the tree may hold the pipes open: the end of the pipes comes after them.
        killAndAwaitGone();
        settle();
        End first = failure.get();
        return first != null ? first : end;
    }

    private void fail(End why) {
        if (failure.compareAndSet(null, why)) {
            killTree();
        }
    }

    private void settle() {
        long deadline = System.nanoTime() + SETTLE.toNanos();
        try {
            boolean stdoutEnded = stdout.awaitEnd(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            boolean stderrEnded = stderr.awaitEnd(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (!stdoutEnded || !stderrEnded) {
                LOG.debug("probe pid {}: a pipe is still open {} after the tree is gone", process.pid(), SETTLE);
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
    }

    /** SIGKILL to every live member of the tree, without waiting. Thread-safe. */
    void killTree() {
        ProcessTree.kill(tree());
    }

    private Set<ProcessHandle> tree() {
        return ProcessTree.members(process.toHandle(), startTicks, sessionLeader);
    }

    /**
     * Kills the tree until it is empty (a member may fork between the look and the kill), for at
     * most {@link #REAP_BOUND}. Members that are not our children give no exit event
     * ({@link ProcessHandle#onExit()} polls them every 300 ms from a platform thread of its own),
     * so the tree is looked at again after a short, growing pause.
     */
    private void killAndAwaitGone() {
        long deadline = System.nanoTime() + REAP_BOUND.toNanos();
        long pause = TimeUnit.MILLISECONDS.toNanos(1);
        for (Set<ProcessHandle> left = tree(); !left.isEmpty(); left = tree()) {
            ProcessTree.kill(left);
            if (System.nanoTime() - deadline >= 0) {
                LOG.debug(
                        "probe pid {}: {} process(es) still running {} after SIGKILL",
                        process.pid(),
                        left.size(),
                        REAP_BOUND);
                return;
            }
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, LONGEST_PAUSE);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
    }

    /** Everything the probe wrote on stdout (up to the cap), as UTF-8. */
    String stdoutText() {
        return stdout.text();
    }

    /** The last kept bytes of stderr, as UTF-8 text. */
    String stderrText() {
        return stderr.text();
    }

    /** The end of stderr as one short printable line; empty when it wrote nothing. */
    String stderrExcerpt() {
        return StderrExcerpt.of(stderr.text(), stderr.headDropped());
    }

    long pid() {
        return process.pid();
    }

    /**
     * Kills and awaits what is left of the tree, once, and gives the caller back its interrupt
     * flag if it was interrupted meanwhile.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            killAndAwaitGone();
            // the tree counts a zombie as gone: give the JDK's reaper its moment before forgetting the root
            if (!process.waitFor(REAP_BOUND.toNanos(), TimeUnit.NANOSECONDS)) {
                LOG.debug("probe pid {}: not reaped {} after SIGKILL", process.pid(), REAP_BOUND);
            }
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            LiveRoots.unregisterWhenReaped(process);
            LiveProbes.unregister(this);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
