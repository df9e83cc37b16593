package dev.animus.daemon;

import dev.animus.core.DaemonLogLine;
import dev.animus.core.LogEntry;
import dev.animus.core.LogLevel;
import dev.animus.core.LogNormaliser;
import dev.animus.core.LogSource;
import dev.animus.host.PluginLogLine;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's log router (docs/daemon.md#logs): every plugin's {@code log/entry} (given to the
 * plugins' host as its log lines: {@code Plugins.Options#withLogLines(this::accept, this::lost)}) and every line of the daemon's own log ({@link #daemonLine}) become
 * {@link LogEntry} values in one bounded buffer of {@link Options#capacity()} entries; a full
 * buffer drops and counts, and once there is room again one {@code warn} entry says
 * "dropped N log entries". One virtual thread flushes batches of at most {@link #BATCH} entries
 * or {@link #BATCH_WAIT} to the {@code log_storage_backend} plugin when one is enabled (a failed
 * store writes that batch to the file instead, said once in the log until a store succeeds), else
 * to the events file (one entry of JSON per line, rotated by size), then hands each to the
 * followers of {@code daemon logs --follow}.
 *
 * <p>Taking an entry never blocks beyond a queue's lock: it is called on the plugins' log pumps
 * and inside the daemon's stderr. Thread-safe. States: running → closed; {@link #close()} flushes
 * what is buffered, then closes the file; idempotent.
 */
public final class LogRouter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LogRouter.class);
    /** The variable that, set to {@code 1}, keeps the entries in the file even with a backend. */
    public static final String DISABLE_BACKEND_VARIABLE = "ANIMUS_DAEMON_DISABLE_LOG_STORAGE_PLUGIN";
    /** The most entries one flush takes. */
    public static final int BATCH = 256;
    /** The longest an entry waits for its batch to fill. */
    public static final Duration BATCH_WAIT = Duration.ofMillis(200);
    /** The source name of the daemon's own entries. */
    public static final String DAEMON_NAME = "daemon";

    /**
     * How a router runs.
     *
     * @param file the events file (none: the entries are only followed, never stored but to a backend)
     * @param fileMaxBytes the size at which the file is rotated
     * @param keep the rotated files kept
     * @param capacity the buffer, in entries
     * @param useBackend whether a {@code log_storage_backend} plugin may take the entries
     * @param clock stamps the entries
     */
    public record Options(
            Optional<Path> file, long fileMaxBytes, int keep, int capacity, boolean useBackend, InstantSource clock) {
        public Options {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(clock, "clock");
            if (capacity < 1) {
                throw new IllegalArgumentException("capacity must be positive: " + capacity);
            }
        }

        /** 10,000 entries, the file rotated at 10 MiB keeping 3, a backend allowed unless {@code env} forbids it. */
        public static Options of(Optional<Path> file, Map<String, String> env, InstantSource clock) {
            return new Options(
                    file,
                    DaemonLog.DEFAULT_MAX_BYTES,
                    DaemonLog.DEFAULT_KEEP,
                    10_000,
                    !"1".equals(env.get(DISABLE_BACKEND_VARIABLE)),
                    clock);
        }
    }

    private final Options options;
    private final BlockingQueue<LogEntry> buffer;
    private final AtomicLong counter = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong malformed = new AtomicLong();
    private final String run;
    private final ReentrantLock route = new ReentrantLock(); // a flush, or a follower's history and start
    private final List<Follower> followers = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** One permit per entry offered: wakes the flush loop without taking the entry out of sight. */
    private final Semaphore arrivals = new Semaphore(0);

    private final Thread flusher;
    private final LogFileSink file;
    private volatile Optional<LogBackend> backend = Optional.empty();
    private volatile LogLevel lastDaemonLevel = LogLevel.INFO;
    private boolean backendFailing;

    private LogRouter(Options options) {
        this.options = options;
        this.buffer = new ArrayBlockingQueue<>(options.capacity());
        this.run = Long.toString(options.clock().millis(), 36);
        this.file = new LogFileSink(options.file(), options.fileMaxBytes(), options.keep());
        this.flusher = Thread.ofVirtual().name("animus-log-router").unstarted(this::flushLoop);
    }

    /** A running router. */
    public static LogRouter start(Options options) {
        LogRouter r = new LogRouter(Objects.requireNonNull(options, "options"));
        r.flusher.start();
        return r;
    }

    /** Stores to {@code backend} from now on when one is enabled (and {@link Options#useBackend()}). */
    void useBackend(LogBackend backend) {
        if (options.useBackend()) {
            this.backend = Optional.of(backend);
        }
    }

    /** One plugin's {@code log/entry}: normalised, then buffered (or dropped and counted). */
    public void accept(PluginLogLine line) {
        switch (LogNormaliser.plugin(
                line.plugin(),
                LogWire.params(line.params()),
                nextId(),
                options.clock().instant())) {
            case LogNormaliser.Outcome.Accepted a -> offer(a.entry());
            case LogNormaliser.Outcome.Malformed m -> malformed.incrementAndGet();
        }
    }

    /** {@code count} entries of {@code plugin} were lost before they reached the router. */
    public void lost(String plugin, long count) {
        dropped.addAndGet(count);
    }

    /**
     * One line of the daemon's own text log: its level, logger and message when it is an
     * slf4j-simple line, else (a stack trace's line) the level of the line before and the whole line.
     */
    public void daemonLine(String line) {
        Optional<DaemonLogLine> parsed = DaemonLogLine.parse(line);
        parsed.ifPresent(p -> lastDaemonLevel = p.level());
        offer(LogNormaliser.entry(
                nextId(),
                options.clock().instant(),
                parsed.map(DaemonLogLine::level).orElse(lastDaemonLevel),
                LogSource.DAEMON,
                DAEMON_NAME,
                parsed.map(DaemonLogLine::target).orElse(""),
                parsed.map(DaemonLogLine::message).orElse(line),
                Map.of()));
    }

    /**
     * An entry of the daemon itself whatever level its text log is at (its start and stop: what
     * {@code daemon logs} shows of a quiet daemon).
     */
    void daemon(LogLevel level, String target, String message) {
        offer(LogNormaliser.entry(
                nextId(), options.clock().instant(), level, LogSource.DAEMON, DAEMON_NAME, target, message, Map.of()));
    }

    /** Entries dropped so far (a full buffer, or a plugin's pump that fell behind), not yet reported. */
    long dropped() {
        return dropped.get();
    }

    /** {@code log/entry} notifications that were no entry (no message), so far. */
    long malformed() {
        return malformed.get();
    }

    private String nextId() {
        return run + "-" + counter.incrementAndGet();
    }

    private void offer(LogEntry e) {
        if (buffer.offer(e)) {
            arrivals.release();
        } else {
            dropped.incrementAndGet();
        }
    }

    /**
     * Sends {@code history} (what is stored before this moment) and then every entry routed later
     * that {@code keeps} to {@code stream}, each once, in order; the stream's own bound applies
     * (a slow follower lags, the router never waits).
     */
    void follow(Runnable history, Consumer<LogEntry> sink, java.util.function.BooleanSupplier ended) {
        route.lock();
        try {
            flushPending();
            history.run();
            followers.add(new Follower(sink, ended));
        } finally {
            route.unlock();
        }
    }

    /** Runs {@code reading} with no flush in between (a history read). */
    <T> T stored(java.util.function.Supplier<T> reading) {
        route.lock();
        try {
            flushPending();
            return reading.get();
        } finally {
            route.unlock();
        }
    }

    /** What waits in the buffer, stored now (so a history read sees what was said before it). */
    private void flushPending() {
        List<LogEntry> pending = new ArrayList<>();
        buffer.drainTo(pending);
        for (int from = 0; from < pending.size(); from += BATCH) {
            flush(pending.subList(from, Math.min(pending.size(), from + BATCH)));
        }
    }

    /** The backend entries are stored to now, if any. */
    Optional<String> backendName() {
        return backend.flatMap(LogBackend::name);
    }

    /** The backend, if one was given. */
    Optional<LogBackend> backend() {
        return backend;
    }

    /** The events files, newest first. */
    List<Path> files() {
        return file.files();
    }

    /**
     * Waits for entries, lets a batch gather for up to {@link #BATCH_WAIT} (or {@link #BATCH}
     * entries), then stores it. The entries stay in the buffer until they are taken under the
     * routing lock, so a history read ({@link #flushPending}) always sees every entry offered
     * before it, none held by this loop out of its sight.
     */
    private void flushLoop() {
        try {
            while (!closed.get() || !buffer.isEmpty()) {
                if (buffer.isEmpty() && !arrivals.tryAcquire(250, TimeUnit.MILLISECONDS)) {
                    reportLosses();
                    continue;
                }
                long deadline = System.nanoTime() + BATCH_WAIT.toNanos();
                while (buffer.size() < BATCH && !closed.get()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    arrivals.tryAcquire(left, TimeUnit.NANOSECONDS);
                }
                arrivals.drainPermits();
                takeAndFlush();
                reportLosses();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Takes up to a batch from the buffer and stores it, under the routing lock. */
    private void takeAndFlush() {
        route.lock();
        try {
            List<LogEntry> batch = new ArrayList<>(BATCH);
            buffer.drainTo(batch, BATCH);
            if (!batch.isEmpty()) {
                flush(batch);
            }
        } finally {
            route.unlock();
        }
    }

    private void reportLosses() {
        long lost = dropped.getAndSet(0);
        long bad = malformed.getAndSet(0);
        if (lost == 0 && bad == 0) {
            return;
        }
        String message = "dropped " + lost + " log entries"
                + (bad > 0 ? " and " + bad + " malformed log/entry notifications (no message)" : "");
        flush(List.of(LogNormaliser.entry(
                nextId(),
                options.clock().instant(),
                LogLevel.WARN,
                LogSource.DAEMON,
                DAEMON_NAME,
                "LogRouter",
                message,
                Map.of())));
    }

    private void flush(List<LogEntry> batch) {
        route.lock();
        try {
            store(batch);
            followers.removeIf(f -> f.ended().getAsBoolean());
            for (LogEntry e : batch) {
                followers.forEach(f -> f.sink().accept(e));
            }
        } finally {
            route.unlock();
        }
    }

    private void store(List<LogEntry> batch) {
        Optional<LogBackend> b = backend;
        Optional<String> name = b.flatMap(LogBackend::name);
        if (b.isPresent() && name.isPresent()) {
            try {
                b.get().store(name.get(), batch);
                backendFailing = false;
                return;
            } catch (RuntimeException e) {
                if (!backendFailing) {
                    backendFailing = true;
                    LOG.warn(
                            "log storage plugin {} failed to store {} entries; writing them to the events file until it works again: {}",
                            name.get(),
                            batch.size(),
                            e.getMessage());
                }
            }
        }
        file.write(batch);
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            flusher.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        file.close();
    }

    private record Follower(Consumer<LogEntry> sink, java.util.function.BooleanSupplier ended) {}
}
