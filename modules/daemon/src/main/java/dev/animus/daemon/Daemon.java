package dev.animus.daemon;

import dev.animus.control.ControlServer;
import dev.animus.core.StatusChange;
import dev.animus.host.PluginStatus;
import dev.animus.rpc.Handlers;
import dev.animus.runtime.Animus;
import dev.animus.runtime.DaemonConfig;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.StatusFeed;
import dev.animus.runtime.Triggers;
import dev.animus.runtime.WorkLoop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A running daemon (docs/daemon.md): the project's plugins ({@link Plugins}, owned), the control
 * socket answering the {@code daemon/} and {@code plugin/} groups, and the event feed.
 *
 * <p>States: running → stopping → stopped. A stop is asked by {@code daemon/stop} or
 * {@link #requestStop} (a signal); {@link #close()} then stops accepting, ends every stream, shuts
 * every plugin down gracefully (bounded, as the host does) and removes the socket. Idempotent.
 * The run directory, lock and pid files are the caller's ({@code DaemonLock}).
 */
public final class Daemon implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Daemon.class);
    /** How often the work loop looks at what is due (docs/daemon.md#the-work-loop). */
    private static final Duration TICK = Duration.ofMillis(200);
    /** How long the stop waits for a tick under way (a runner's start) before stopping the runner. */
    private static final Duration LOOP_STOP = Duration.ofSeconds(5);

    /**
     * What a daemon serves.
     *
     * @param projectRoot the canonical project root
     * @param socket the control socket's path
     * @param logFile the file its log goes to, when it has one ({@code daemon logs} reads it)
     * @param version this build's version, for {@code daemon/status}
     * @param clock stamps events
     * @param onPlugins told the plugins' status after every change (the orphan record)
     * @param webTokenFile where the web token of this life is kept while it runs
     *     ({@link DaemonScope#webTokenFile()}); empty: the token is held in memory only
     * @param transportsAtStart whether the transports start with the daemon (else the caller starts
     *     them: {@link Daemon#startTransports})
     * @param frontEnd the control methods the front end running the daemon adds ({@link FrontEndMethod})
     */
    public record Options(
            Path projectRoot,
            Path socket,
            Optional<Path> logFile,
            String version,
            InstantSource clock,
            Consumer<List<PluginStatus>> onPlugins,
            Optional<Path> webTokenFile,
            boolean transportsAtStart,
            List<FrontEndMethod> frontEnd) {
        public Options {
            Objects.requireNonNull(projectRoot, "projectRoot");
            Objects.requireNonNull(socket, "socket");
            Objects.requireNonNull(logFile, "logFile");
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(onPlugins, "onPlugins");
            Objects.requireNonNull(webTokenFile, "webTokenFile");
            frontEnd = List.copyOf(frontEnd);
        }

        /** Options whose transports start with the daemon. */
        public Options(
                Path projectRoot,
                Path socket,
                Optional<Path> logFile,
                String version,
                InstantSource clock,
                Consumer<List<PluginStatus>> onPlugins,
                Optional<Path> webTokenFile) {
            this(projectRoot, socket, logFile, version, clock, onPlugins, webTokenFile, true, List.of());
        }

        /** Options without a web token file. */
        public Options(
                Path projectRoot,
                Path socket,
                Optional<Path> logFile,
                String version,
                InstantSource clock,
                Consumer<List<PluginStatus>> onPlugins) {
            this(projectRoot, socket, logFile, version, clock, onPlugins, Optional.empty());
        }
    }

    private final Options options;
    private final Plugins plugins;
    private final EventHub events;
    private final Instant startedAt;
    private final CompletableFuture<String> stopRequested = new CompletableFuture<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final StatusFeed feed;
    private final Thread pump;
    private final LogRouter logs;
    private ControlServer server;
    private volatile Triggers triggers = Triggers.none();
    private DaemonTransports transports;
    private WorkLoop loop;
    private ScheduledExecutorService ticker;

    private Daemon(Plugins plugins, Options options, LogRouter logs) {
        this.options = options;
        this.plugins = plugins;
        this.logs = logs;
        this.events = new EventHub(options.clock(), 256);
        this.startedAt = options.clock().instant();
        this.feed = plugins.subscribeToProcessChanges();
        this.pump = Thread.ofVirtual().name("animus-daemon-status").unstarted(this::pumpStatus);
    }

    /**
     * Starts serving {@code animus}'s use cases over {@code plugins} (which the daemon owns from now
     * on) on the control socket.
     *
     * @throws java.io.UncheckedIOException or {@link IllegalArgumentException} when the socket cannot be bound
     */
    public static Daemon start(Animus animus, Plugins plugins, Options options) {
        return start(
                animus,
                plugins,
                options,
                LogRouter.start(new LogRouter.Options(
                        Optional.empty(),
                        DaemonLog.DEFAULT_MAX_BYTES,
                        DaemonLog.DEFAULT_KEEP,
                        10_000,
                        true,
                        options.clock())));
    }

    /**
     * {@link #start(Animus, Plugins, Options)} routing the log entries through {@code logs} (owned
     * from now on, like the plugins; give the same router to the plugins' host as its log tap).
     */
    public static Daemon start(Animus animus, Plugins plugins, Options options, LogRouter logs) {
        Objects.requireNonNull(animus, "animus");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(logs, "logs");
        DaemonConfig config;
        try {
            config = DaemonConfig.read(options.projectRoot());
        } catch (RuntimeException e) { // a bad .animus/daemon.toml: one line naming the file and key
            plugins.close();
            logs.close();
            throw e;
        }
        String token;
        try { // a new token for each daemon life (decision 044)
            token = options.webTokenFile().map(WebToken::create).orElseGet(WebToken::generate);
        } catch (RuntimeException e) {
            plugins.close();
            logs.close();
            throw e;
        }
        Daemon d = new Daemon(Objects.requireNonNull(plugins, "plugins"), options, logs);
        d.transports = new DaemonTransports(new DaemonTransports.Start(
                animus, plugins, options.projectRoot(), options.socket().toAbsolutePath(), token, d::publish));
        logs.useBackend(new LogBackend(animus, plugins));
        d.loop = new WorkLoop(
                animus, plugins, config.dispatch(), options.socket().toAbsolutePath(), options.clock());
        Handlers.Builder table = Handlers.builder();
        new DaemonMethods(d, plugins, d.events, d.startedAt).addTo(table);
        new PluginMethods(animus, plugins).addTo(table);
        new AgentMethods(animus, plugins, d.events).addTo(table);
        new SubjectMethods(animus, plugins).addTo(table);
        new TriggerMethods(() -> d.triggers).addTo(table);
        new HookMethods(animus, plugins).addTo(table);
        new RoleMethods(d.loop).addTo(table);
        new TransportMethods(d.transports).addTo(table);
        options.frontEnd().forEach(m -> m.addTo(table));
        try {
            d.server = ControlServer.bind(options.socket(), table.build(), ControlServer.Options.defaults());
        } catch (RuntimeException e) {
            d.feed.close();
            plugins.close();
            d.removeWebToken();
            logs.close();
            throw e;
        }
        // said at once: a client may ask for the log as soon as the socket answers (triggers and
        // transports below take their time)
        LOG.info("daemon {} serving {} on {}", ProcessHandle.current().pid(), options.projectRoot(), options.socket());
        logs.daemon(
                dev.animus.core.LogLevel.INFO,
                "Daemon",
                "daemon " + ProcessHandle.current().pid() + " serving " + options.projectRoot() + " on "
                        + options.socket());
        d.pump.start();
        d.startTriggers(animus);
        d.startTransports(animus);
        // the loop's runner calls back into the socket: it starts once the socket is bound
        d.ticker = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("animus-work-loop").factory());
        d.ticker.scheduleWithFixedDelay(d.loop::tick, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
        d.publish(
                "daemon_started",
                JsonNodeFactory.instance
                        .objectNode()
                        .put("pid", ProcessHandle.current().pid())
                        .put("version", options.version()));
        return d;
    }

    /** The variable that keeps the daemon from starting its triggers ({@code 1}). */
    public static final String DISABLE_TRIGGERS = "ANIMUS_DAEMON_DISABLE_TRIGGERS";

    /** A session per enabled trigger plugin (docs/daemon.md#triggers), unless the kill switch is set. */
    private void startTriggers(Animus animus) {
        if ("1".equals(animus.environment().get(DISABLE_TRIGGERS))) {
            LOG.info("triggers: none started ({}=1)", DISABLE_TRIGGERS);
            return;
        }
        try {
            triggers = animus.startTriggers(
                    plugins, "default", options.projectRoot(), n -> TriggerMethods.publish(n, this));
        } catch (RuntimeException e) { // the state cannot be read now: the daemon serves without them
            LOG.warn("triggers: none started: {}", e.getMessage());
        }
    }

    /** The variable that keeps the daemon from starting its transports on its own ({@code 1}). */
    public static final String DISABLE_TRANSPORTS = "ANIMUS_DAEMON_DISABLE_TRANSPORTS";

    /**
     * The transports (docs/daemon.md#transports), once the socket is bound (they are told it),
     * unless the kill switch is set; {@code transport/start} still starts them then.
     */
    private void startTransports(Animus animus) {
        if (!options.transportsAtStart()) {
            return; // the caller starts them (web serve, with its bind address)
        }
        if ("1".equals(animus.environment().get(DISABLE_TRANSPORTS))) {
            LOG.info("transports: none started ({}=1)", DISABLE_TRANSPORTS);
            return;
        }
        transports.startInBackground();
    }

    /**
     * Starts the transports when none runs ({@code bindAddr}: the address each binds) and returns
     * what runs, UI first; waits for a start under way. What {@code transport/start} does.
     *
     * @throws IllegalStateException when the daemon is stopping
     */
    public List<dev.animus.transports.TransportEndpoint> startTransports(Optional<String> bindAddr) {
        return transports.start(bindAddr);
    }

    private void removeWebToken() {
        options.webTokenFile().ifPresent(f -> {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                LOG.warn("the web token {} could not be removed: {}", f, e.getMessage());
            }
        });
    }

    /** What it serves. */
    public Options options() {
        return options;
    }

    /** The log router (its entries: docs/daemon.md#logs). */
    public LogRouter logs() {
        return logs;
    }

    /** The control socket's server (for its counters). */
    public ControlServer server() {
        return server;
    }

    /** Publishes a daemon event (e.g. a preflight result) to {@code daemon events}. */
    public void publish(String type, ObjectNode fields) {
        events.publish(type, fields);
    }

    /** Asks the daemon to stop; {@link #whenStopRequested()} completes with {@code why}. */
    public void requestStop(String why) {
        stopRequested.complete(why);
    }

    /** Completes with the reason once a stop was asked. */
    public CompletableFuture<String> whenStopRequested() {
        return stopRequested;
    }

    private void pumpStatus() {
        try {
            while (!closed.get()) {
                Optional<StatusChange> next = feed.next(Duration.ofSeconds(1));
                if (next.isEmpty()) {
                    continue;
                }
                StatusChange c = next.get();
                ObjectNode f = JsonNodeFactory.instance
                        .objectNode()
                        .put("plugin", c.plugin())
                        .put("from", c.from().word())
                        .put("to", c.to().word())
                        .put("reason", c.reason())
                        .put("notable", c.notable());
                events.publish("plugin_status_changed", f);
                try {
                    options.onPlugins().accept(plugins.status());
                } catch (RuntimeException e) {
                    LOG.warn("recording the plugins' processes failed: {}", e.getMessage());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        stopRequested.complete("closed");
        LOG.info("daemon {} stopping ({})", ProcessHandle.current().pid(), stopRequested.join());
        publish("daemon_stopping", JsonNodeFactory.instance.objectNode().put("reason", stopRequested.join()));
        logs.daemon(
                dev.animus.core.LogLevel.INFO,
                "Daemon",
                "daemon " + ProcessHandle.current().pid() + " stopping (" + stopRequested.join() + ")");
        // the transports first: nothing reaches the daemon from a browser while it stops
        transports.close();
        // then the runner: it gives its runs back through the socket, the queue and the subjects
        if (ticker != null) {
            ticker.shutdownNow();
            try {
                ticker.awaitTermination(LOOP_STOP.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (loop != null) {
            loop.close();
        }
        events.closeAll("daemon stopping", Duration.ofSeconds(2));
        if (server != null) {
            server.close();
        }
        feed.close();
        try {
            triggers.close(); // before the plugins: a session must not see its process stop as a crash
        } catch (RuntimeException e) {
            LOG.warn("closing the triggers failed: {}", e.getMessage());
        }
        try {
            plugins.close();
        } finally {
            try {
                options.onPlugins().accept(List.of());
            } catch (RuntimeException e) {
                LOG.warn("clearing the plugins' process record failed: {}", e.getMessage());
            }
            try {
                pump.join(Duration.ofSeconds(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            removeWebToken();
            logs.close(); // last: what the plugins said while they stopped is stored too
        }
    }
}
