package dev.animus.daemon;

import dev.animus.runtime.HostVersion;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The scope's lock, held for the daemon's whole life (docs/operations.md#the-daemons-files): an
 * exclusive lock on {@code <scope>.lock}, which the kernel drops when the process dies however it
 * dies. Taking it cleans what a crashed daemon left (its pid, info and socket files, once its pid
 * is shown not to run) and writes this daemon's {@code <scope>.pid} and {@code <scope>.json}
 * (atomically: a temp file renamed over). {@link #close()} removes the pid, info and socket files,
 * then releases the lock; the lock file itself stays (removing it would let two daemons lock two
 * different files of the same name).
 *
 * <p>A second daemon for the same scope, in this process or another, fails with
 * {@link DaemonFailure.Reason#ALREADY_RUNNING} naming the first one's pid.
 */
public final class DaemonLock implements AutoCloseable {
    /**
     * How long taking the lock waits for it: a client's probe ({@link RunningDaemon#find}) holds a
     * shared lock for an instant, which must not make a start fail.
     */
    static final Duration PROBE_GRACE = Duration.ofSeconds(1);

    private final DaemonScope scope;
    private final FileChannel channel;
    private final FileLock lock;
    private final DaemonInfo info;
    private final List<Path> staleRemoved;
    private boolean closed;

    private DaemonLock(
            DaemonScope scope, FileChannel channel, FileLock lock, DaemonInfo info, List<Path> staleRemoved) {
        this.scope = scope;
        this.channel = channel;
        this.lock = lock;
        this.info = info;
        this.staleRemoved = List.copyOf(staleRemoved);
    }

    /**
     * {@link #acquire(DaemonScope, String, InstantSource)} with this build's version
     * ({@link HostVersion#current()}).
     */
    public static DaemonLock acquire(DaemonScope scope, InstantSource clock) {
        return acquire(scope, HostVersion.current(), clock);
    }

    /**
     * Takes the scope's lock for this process: checks the socket path's length, creates the run
     * directory (or checks it), locks {@code <scope>.lock}, removes a crashed daemon's leftovers
     * and writes the pid and info files.
     *
     * @param version the version {@code <scope>.json} names
     * @param clock when the daemon started ({@code started_at})
     * @throws DaemonFailure {@link DaemonFailure.Reason#ALREADY_RUNNING} with the running daemon's
     *     pid when another holds the lock; {@code RUN_DIRECTORY}, {@code SOCKET_PATH_TOO_LONG} or
     *     {@code FILES} naming what is wrong
     */
    public static DaemonLock acquire(DaemonScope scope, String version, InstantSource clock) {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(clock, "clock");
        scope.checkSocketPath();
        scope.ensureRunDirectory();
        Path lockFile = scope.lockFile();
        if (!LockFiles.claim(lockFile)) {
            throw alreadyRunning(scope);
        }
        FileChannel channel = null;
        try {
            channel = LockFiles.open(lockFile);
            FileLock lock = lockWithin(channel, scope, PROBE_GRACE);
            if (lock == null) {
                throw alreadyRunning(scope);
            }
            List<Path> removed = removeStale(scope);
            long pid = ProcessHandle.current().pid();
            DaemonInfo info = new DaemonInfo(
                    scope.root(),
                    pid,
                    clock.instant(),
                    version,
                    scope.socket(),
                    Procfs.startTicks(pid).orElse(0),
                    Procfs.bootId());
            AtomicWrite.write(scope.pidFile(), (pid + "\n").getBytes(StandardCharsets.US_ASCII), AtomicWrite.PRIVATE);
            AtomicWrite.write(scope.infoFile(), InfoJson.bytes(info), AtomicWrite.PRIVATE);
            return new DaemonLock(scope, channel, lock, info, removed);
        } catch (IOException e) {
            closeQuietly(channel);
            LockFiles.release(lockFile);
            throw new DaemonFailure(
                    DaemonFailure.Reason.FILES,
                    "cannot take the daemon's lock " + lockFile + ": " + e.getMessage(),
                    "check the run directory " + scope.runDirectory(),
                    e);
        } catch (RuntimeException e) {
            closeQuietly(channel);
            LockFiles.release(lockFile);
            throw e;
        }
    }

    private static FileLock lockWithin(FileChannel channel, DaemonScope scope, Duration wait) throws IOException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            FileLock lock = LockFiles.tryExclusive(channel);
            // held by a daemon (it keeps it) or by a probe (it lets go at once): wait out a probe only
            if (lock != null
                    || System.nanoTime() - deadline >= 0
                    || InfoJson.read(scope.infoFile()).filter(DaemonInfo::alive).isPresent()) {
                return lock;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    private static DaemonFailure alreadyRunning(DaemonScope scope) {
        Optional<Long> pid =
                InfoJson.read(scope.infoFile()).map(DaemonInfo::pid).or(() -> InfoJson.readPid(scope.pidFile()));
        String root = scope.root().toString();
        return DaemonFailure.alreadyRunning(
                pid.map(p -> "a daemon already runs for " + root + " (pid " + p + ")")
                        .orElse("a daemon is starting or running for " + root + " (its lock " + scope.lockFile()
                                + " is held)"),
                "stop it first, or use the running one",
                pid.orElse(-1L));
    }

    /**
     * With the lock held: the pid, info and socket files of a daemon that died without removing
     * them. They are removed when the pid they name does not run (or runs another program now,
     * started at another time); a process that is that daemon and still runs, without the lock, is
     * refused rather than have its files taken.
     */
    private static List<Path> removeStale(DaemonScope scope) throws IOException {
        List<Path> present = new ArrayList<>();
        for (Path p : List.of(scope.pidFile(), scope.infoFile(), scope.socket())) {
            if (Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                present.add(p);
            }
        }
        if (present.isEmpty()) {
            return List.of();
        }
        Optional<DaemonInfo> info = InfoJson.read(scope.infoFile());
        boolean alive = info.map(DaemonInfo::alive)
                .orElseGet(() -> InfoJson.readPid(scope.pidFile())
                        .map(pid -> pid != ProcessHandle.current().pid() && Procfs.isSameRunning(pid, 0, ""))
                        .orElse(false));
        long self = ProcessHandle.current().pid();
        if (alive && info.map(i -> i.pid() != self).orElse(true)) {
            long pid = info.map(DaemonInfo::pid)
                    .or(() -> InfoJson.readPid(scope.pidFile()))
                    .orElse(-1L);
            throw DaemonFailure.alreadyRunning(
                    "the daemon pid " + pid + " of " + scope.root() + " still runs but does not hold its lock "
                            + scope.lockFile(),
                    "stop pid " + pid + ", then start again",
                    pid);
        }
        for (Path p : present) {
            Files.deleteIfExists(p);
        }
        return List.copyOf(present);
    }

    /** The scope this lock is of. */
    public DaemonScope scope() {
        return scope;
    }

    /** What this daemon wrote to {@code <scope>.json}. */
    public DaemonInfo info() {
        return info;
    }

    /** The files a crashed daemon had left, removed when this lock was taken (for the log). */
    public List<Path> staleFilesRemoved() {
        return staleRemoved;
    }

    /**
     * Removes the socket, info and pid files (those that are still this daemon's), then releases
     * the lock. Idempotent.
     *
     * @throws DaemonFailure {@link DaemonFailure.Reason#FILES} when a file cannot be removed (the
     *     lock is released all the same)
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        IOException failure = null;
        try {
            Files.deleteIfExists(scope.socket());
            if (InfoJson.read(scope.infoFile()).map(i -> i.pid() == info.pid()).orElse(false)) {
                Files.deleteIfExists(scope.infoFile());
            }
            if (InfoJson.readPid(scope.pidFile()).map(p -> p == info.pid()).orElse(false)) {
                Files.deleteIfExists(scope.pidFile());
            }
        } catch (IOException e) {
            failure = e;
        } finally {
            try {
                lock.release();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                }
            }
            closeQuietly(channel);
            LockFiles.release(scope.lockFile());
        }
        if (failure != null) {
            throw new DaemonFailure(
                    DaemonFailure.Reason.FILES,
                    "cannot remove the daemon's files in " + scope.runDirectory() + ": " + failure.getMessage(),
                    "remove " + scope.id() + ".* there by hand",
                    failure);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing releases the lock; nothing else to do
            }
        }
    }
}
