package dev.animus.daemon;

import dev.animus.host.PluginStatus;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One daemon's life in its scope, in order: the scope's lock (a second daemon fails here naming
 * the first's pid; a crashed one's stale files are removed), the reaping of the plugin trees a
 * SIGKILLed predecessor left, the record of every plugin process it spawns, then the
 * {@link Daemon} on the scope's socket.
 *
 * <p>{@link #close()} undoes it in reverse: the daemon stops (plugins shut down gracefully,
 * socket removed), the record is removed, the lock, pid and info files go. Idempotent.
 */
public final class DaemonRun implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DaemonRun.class);
    /** SIGTERM to SIGKILL for an orphan: a plugin that ignores its stdin's end is stopped this much later. */
    private static final Duration REAP_GRACE = Duration.ofSeconds(2);

    private final DaemonLock lock;
    private final PluginRecords records;
    private final AutoCloseable spawnHook;
    private final OrphanReaper.Reaped reaped;
    private final Daemon daemon;

    private DaemonRun(
            DaemonLock lock,
            PluginRecords records,
            AutoCloseable spawnHook,
            OrphanReaper.Reaped reaped,
            Daemon daemon) {
        this.lock = lock;
        this.records = records;
        this.spawnHook = spawnHook;
        this.reaped = reaped;
        this.daemon = daemon;
    }

    /**
     * Starts the daemon of {@code scope}, serving {@code animus} over {@code plugins} (owned from now
     * on: closed with the daemon, or at once when the start fails).
     *
     * @param logFile the file its log goes to, when it has one
     * @throws DaemonFailure when the lock is taken ({@code ALREADY_RUNNING}) or the files cannot be made
     */
    public static DaemonRun start(
            DaemonScope scope,
            Animus animus,
            Plugins plugins,
            String version,
            Optional<java.nio.file.Path> logFile,
            InstantSource clock) {
        return start(
                scope,
                animus,
                plugins,
                version,
                logFile,
                clock,
                LogRouter.start(LogRouter.Options.of(Optional.of(scope.eventsFile()), java.util.Map.of(), clock)),
                true,
                List.of());
    }

    /**
     * {@link #start(DaemonScope, Animus, Plugins, String, Optional, InstantSource)} routing the log
     * entries through {@code logs} (owned from now on; the plugins' host should have it as its tap);
     * without {@code transportsAtStart} the caller starts the transports ({@code Daemon#startTransports});
     * with the control methods {@code frontEnd} adds ({@link FrontEndMethod}).
     */
    public static DaemonRun start(
            DaemonScope scope,
            Animus animus,
            Plugins plugins,
            String version,
            Optional<java.nio.file.Path> logFile,
            InstantSource clock,
            LogRouter logs,
            boolean transportsAtStart,
            List<FrontEndMethod> frontEnd) {
        Objects.requireNonNull(scope, "scope");
        DaemonLock lock;
        try {
            lock = DaemonLock.acquire(scope, version, clock);
        } catch (RuntimeException e) {
            plugins.close();
            logs.close();
            throw e;
        }
        try {
            OrphanReaper.Reaped reaped = OrphanReaper.reap(lock, REAP_GRACE);
            if (!reaped.reaped().isEmpty()) {
                LOG.warn(
                        "reaped {} plugin process(es) a previous daemon left running: {}",
                        reaped.reaped().size(),
                        reaped.reaped().stream()
                                .map(r -> r.plugin() + " (pid " + r.pid() + ")")
                                .toList());
            }
            PluginRecords records = PluginRecords.open(lock);
            ProcessRecorder recorder = new ProcessRecorder(records);
            // recorded as it is spawned, before its handshake: a daemon killed while a plugin is
            // still starting leaves its record for the next one to reap
            AutoCloseable spawnHook = plugins.onSpawn(recorder::spawned);
            Daemon daemon = Daemon.start(
                    animus,
                    plugins,
                    new Daemon.Options(
                            scope.root(),
                            scope.socket(),
                            logFile,
                            version,
                            clock,
                            recorder::sync,
                            Optional.of(scope.webTokenFile()),
                            transportsAtStart,
                            frontEnd),
                    logs);
            return new DaemonRun(lock, records, spawnHook, reaped, daemon);
        } catch (RuntimeException e) {
            plugins.close();
            logs.close();
            lock.close();
            throw e;
        }
    }

    /** The daemon. */
    public Daemon daemon() {
        return daemon;
    }

    /** What the start reaped of a crashed predecessor. */
    public OrphanReaper.Reaped reaped() {
        return reaped;
    }

    /** The lock (its info: pid, socket, started at). */
    public DaemonLock lock() {
        return lock;
    }

    @Override
    public void close() {
        try {
            daemon.close();
        } finally {
            try {
                spawnHook.close();
            } catch (Exception e) { // a handle that removes a listener from a list: cannot fail
                throw new IllegalStateException("cannot remove the spawn listener", e);
            } finally {
                try {
                    records.close();
                } finally {
                    lock.close();
                }
            }
        }
    }

    /** Keeps the record of plugin processes equal to the processes the daemon's plugins run. */
    private static final class ProcessRecorder {
        private final PluginRecords records;
        private final ReentrantLock lock = new ReentrantLock();
        private final Set<Long> known = new HashSet<>();

        ProcessRecorder(PluginRecords records) {
            this.records = records;
        }

        /** A process the host just spawned (before its handshake: no status names it yet). */
        void spawned(String plugin, long pid) {
            lock.lock();
            try {
                if (known.add(pid)) {
                    records.spawned(plugin, pid);
                }
            } finally {
                lock.unlock();
            }
        }

        void sync(List<PluginStatus> now) {
            lock.lock();
            try {
                Set<Long> live = new HashSet<>();
                for (PluginStatus s : now) {
                    if (s.pid().isPresent()) {
                        long pid = s.pid().getAsLong();
                        live.add(pid);
                        if (known.add(pid)) {
                            records.spawned(s.name(), pid);
                        }
                    }
                }
                for (Long pid : Set.copyOf(known)) {
                    // one still starting has no status yet: it is gone only once its process is
                    if (!live.contains(pid)
                            && !ProcessHandle.of(pid)
                                    .map(ProcessHandle::isAlive)
                                    .orElse(false)) {
                        known.remove(pid);
                        records.exited(pid);
                    }
                }
            } finally {
                lock.unlock();
            }
        }
    }
}
