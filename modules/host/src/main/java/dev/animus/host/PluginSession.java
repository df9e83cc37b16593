package dev.animus.host;

import dev.animus.core.Deadlines;
import dev.animus.core.HostFailure;
import dev.animus.core.HostHello;
import dev.animus.core.InitializeResult;
import dev.animus.core.MethodTimeouts;
import dev.animus.core.ProtocolCompatibility;
import dev.animus.process.ExitStatus;
import dev.animus.process.PluginProcess;
import dev.animus.process.SpawnFailed;
import dev.animus.process.SpawnSpec;
import dev.animus.process.Termination;
import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.PendingCall;
import dev.animus.rpc.RemoteError;
import dev.animus.rpc.RequestCancelled;
import dev.animus.rpc.RequestTimedOut;
import dev.animus.rpc.RpcConnection;
import dev.animus.rpc.RpcException;
import dev.animus.rpc.RpcOptions;
import dev.animus.rpc.RpcStats;
import dev.animus.rpc.Subscription;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * One live, initialized plugin: its process and the JSON-RPC connection to it.
 *
 * <p>{@link #launch} spawns the plugin, performs the handshake within the launch timeout and
 * returns only when the plugin is Ready. A plugin that exits fails every call in flight at once
 * with {@link ConnectionLost} carrying its exit code and last stderr lines.
 *
 * <p>States: ready → closing → closed. {@link #close()} is the graceful stop of
 * docs/protocol.md#shutdown-and-exit ({@code shutdown} ≤ 2 s, {@code exit}, close stdin, SIGTERM,
 * SIGKILL, 2 s each) and returns with no process of the plugin's tree left; it is idempotent. Calls
 * may be made from any thread and are pipelined.
 */
public final class PluginSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PluginSession.class);
    /** How long the end-of-stream handler waits to learn the exit code of a plugin that closed stdout. */
    private static final Duration EXIT_CODE_WAIT = Duration.ofMillis(500);
    /** The least time initialize gets, even when a slow spawn ate the launch timeout. */
    private static final Duration MIN_HANDSHAKE = Duration.ofMillis(1);

    private final String name;
    private final PluginProcess process;
    private final RpcConnection connection;
    private final InitializeResult initializeResult;
    private final JsonNode initializeAnswer;
    private final Duration handshakeTime;
    private final AtomicBoolean closed = new AtomicBoolean();

    private PluginSession(
            String name, PluginProcess process, RpcConnection connection, Handshake handshake, Duration handshakeTime) {
        this.name = name;
        this.process = process;
        this.connection = connection;
        this.initializeResult = handshake.result();
        this.initializeAnswer = handshake.answer();
        this.handshakeTime = handshakeTime;
    }

    /**
     * Spawns {@code spec} and performs the handshake within {@code launchTimeout}, telling the
     * plugin no launcher.
     *
     * @throws LaunchFailed when the executable cannot be started or the plugin does not become
     *     Ready; no process of its tree is left then
     */
    public static PluginSession launch(LaunchSpec spec, HostHello hello, Duration launchTimeout) {
        return launch(spec, hello, Optional.empty(), launchTimeout);
    }

    /** {@link #launch(LaunchSpec, HostHello, Optional, Duration, LongConsumer)} telling no one of the spawn. */
    public static PluginSession launch(
            LaunchSpec spec, HostHello hello, Optional<Path> launcher, Duration launchTimeout) {
        return launch(spec, hello, launcher, launchTimeout, pid -> {});
    }

    /**
     * Spawns {@code spec} (in its working directory: a bound spec's project root) and performs the
     * handshake ({@code initialize} → compatibility check → {@code initialized}) within
     * {@code launchTimeout}. {@code initialize} carries the spec's project binding and
     * {@code launcher} as {@code init_extensions} (docs/protocol.md#the-initialize-request).
     *
     * {@code spawned} is told the process's pid as soon as it exists, before the handshake.
     *
     * @throws LaunchFailed when the executable cannot be started or the plugin does not become
     *     Ready; no process of its tree is left then
     */
    public static PluginSession launch(
            LaunchSpec spec, HostHello hello, Optional<Path> launcher, Duration launchTimeout, LongConsumer spawned) {
        Objects.requireNonNull(hello, "hello");
        InitExtensions extensions = new InitExtensions(spec.projectBinding(), launcher, spec.controlSocket());
        long start = System.nanoTime();
        PluginProcess process;
        try {
            process = PluginProcess.start(
                    new SpawnSpec(spec.command(), spec.environment(), spec.workingDirectory(), spec.name()));
        } catch (SpawnFailed e) {
            throw LaunchFailed.spawn(spec.name(), e);
        }
        spawned.accept(process.pid());
        RpcConnection connection = RpcConnection.open(
                process.stdout(),
                process.stdin(),
                RpcOptions.defaults(spec.name()).withEndOfStream(() -> lostOnEndOfStream(spec.name(), process)));
        process.exited().thenAccept(status -> connection.fail(lost(spec.name(), status)));
        try {
            // the launch timeout covers spawn + initialize: what the spawn took is gone from it
            Duration left = launchTimeout.minusNanos(System.nanoTime() - start);
            Handshake init = handshake(
                    spec.name(),
                    connection,
                    hello,
                    extensions,
                    left.compareTo(MIN_HANDSHAKE) < 0 ? MIN_HANDSHAKE : left,
                    launchTimeout,
                    process);
            return new PluginSession(
                    spec.name(), process, connection, init, Duration.ofNanos(System.nanoTime() - start));
        } catch (RuntimeException e) {
            process.kill();
            process.close();
            connection.close();
            throw e;
        }
    }

    /** The initialize answer as read, and as sent (fields the host does not read included). */
    private record Handshake(InitializeResult result, JsonNode answer) {}

    private static Handshake handshake(
            String name,
            RpcConnection connection,
            HostHello hello,
            InitExtensions extensions,
            Duration timeout,
            Duration launchTimeout,
            PluginProcess process) {
        JsonNode raw;
        try {
            raw = connection.request("initialize", InitializeResults.params(hello, extensions), timeout);
        } catch (RpcException e) {
            throw LaunchFailed.handshake(
                    name, launchFailure(e, launchTimeout), process.stderr().lines(), e);
        }
        InitializeResult result;
        try {
            result = InitializeResults.read(raw);
        } catch (IllegalArgumentException e) {
            throw LaunchFailed.handshake(
                    name,
                    new HostFailure.IncompatibleProtocol("invalid initialize result: " + e.getMessage()),
                    process.stderr().lines(),
                    e);
        }
        var verdict = ProtocolCompatibility.check(hello.protocolVersion(), result.protocolVersion());
        switch (verdict) {
            case ProtocolCompatibility.Incompatible bad ->
                throw LaunchFailed.handshake(
                        name,
                        new HostFailure.IncompatibleProtocol(bad.message()),
                        process.stderr().lines(),
                        null);
            case ProtocolCompatibility.Compatible ok -> LOG.debug("plugin {} speaks {}", name, ok.plugin());
        }
        connection.peerSupportsCancellation(result.capabilities().cancellation());
        connection.notify("initialized", JsonNodeFactory.instance.missingNode());
        return new Handshake(result, raw.deepCopy());
    }

    private static HostFailure launchFailure(RpcException e, Duration timeout) {
        return switch (e) {
            case ConnectionLost lost -> new HostFailure.ProcessExited(lost.exitCode(), lost.stderrTail());
            case RequestTimedOut t -> new HostFailure.Timeout("initialize", timeout);
            case RemoteError err -> HostFailures.of(err, "initialize");
            case RequestCancelled c -> HostFailures.of(c, "initialize");
        };
    }

    private static ConnectionLost lost(String name, ExitStatus status) {
        return new ConnectionLost(
                "plugin " + name + " exited with code " + status.code(),
                OptionalInt.of(status.code()),
                status.stderrTail());
    }

    private static ConnectionLost lostOnEndOfStream(String name, PluginProcess process) {
        try {
            return lost(name, process.exited().get(EXIT_CODE_WAIT.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException | ExecutionException e) {
            return new ConnectionLost(
                    "plugin " + name + " closed its stdout but is still running",
                    OptionalInt.empty(),
                    process.stderr().lines());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ConnectionLost(
                    "plugin " + name + " closed its stdout",
                    OptionalInt.empty(),
                    process.stderr().lines());
        }
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    /** What the plugin answered to {@code initialize}. */
    public InitializeResult initializeResult() {
        return initializeResult;
    }

    /**
     * The plugin's {@code initialize} answer as it sent it, fields the host does not read included
     * (a legacy transport's {@code url}, docs/protocol.md#transports); a copy.
     */
    public JsonNode initializeAnswer() {
        return initializeAnswer.deepCopy();
    }

    /** From spawn until Ready. */
    public Duration handshakeTime() {
        return handshakeTime;
    }

    /** Sends a request that fails with {@code RequestTimedOut} after {@code timeout}. */
    public PendingCall call(String method, JsonNode params, Duration timeout) {
        return connection.call(method, params, timeout);
    }

    /**
     * Sends a request with the method's default deadline (docs/lifecycle.md#deadlines; none for
     * long-lived methods).
     */
    public PendingCall call(String method, JsonNode params) {
        return connection.call(method, params, MethodTimeouts.defaultFor(method).orElse(Deadlines.NONE));
    }

    /** Sends {@code $/ping} and returns the round-trip time. */
    public Duration ping(Duration timeout) {
        long t0 = System.nanoTime();
        connection.request("$/ping", JsonNodeFactory.instance.objectNode(), timeout);
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    /**
     * Sends the notification {@code method} (best effort).
     *
     * @return false when the connection is closed or the write failed
     */
    public boolean notify(String method, JsonNode params) {
        if (!connection.isOpen()) {
            return false;
        }
        try {
            connection.notify(method, params);
            return true;
        } catch (ConnectionLost e) { // the connection died under us: best effort
            LOG.debug("plugin {}: {} not sent: {}", name(), method, e.toString());
            return false;
        }
    }

    /** Notifications from the plugin (progress, log entries, ...). */
    public Subscription subscribe() {
        return connection.subscribe();
    }

    /** The plugin's notifications named {@code method} only, in a dropping buffer of {@code capacity}. */
    public Subscription subscribe(int capacity, String method) {
        return connection.subscribe(capacity, method);
    }

    /**
     * A request's own stream: a buffer of {@code capacity} notifications that, when full, makes the
     * connection's reader wait for room (back-pressure on the plugin) rather than drop streamed text.
     */
    public Subscription subscribeWaiting(int capacity) {
        return connection.subscribeWaiting(capacity);
    }

    /** Counters of the connection: frames, malformed and oversized output, dropped responses. */
    public RpcStats stats() {
        return connection.stats();
    }

    /** The plugin's last stderr lines, redacted. */
    public List<String> stderrTail() {
        return process.stderr().lines();
    }

    /** Live processes of the plugin's tree. */
    public Set<ProcessHandle> processTree() {
        return process.tree();
    }

    /**
     * Completes once the connection is dead (the process exited, closed its output, or the session
     * was stopped), with the cause; never completes exceptionally.
     */
    public CompletableFuture<ConnectionLost> whenClosed() {
        return connection.whenClosed();
    }

    public boolean isAlive() {
        return connection.isOpen() && process.isAlive();
    }

    /** Graceful stop (see the class comment) with {@code step} between the steps. */
    public void shutdown(Duration step) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            if (isAlive()) {
                try {
                    connection.request("shutdown", JsonNodeFactory.instance.objectNode(), step);
                    connection.notify("exit", JsonNodeFactory.instance.missingNode());
                } catch (RpcException e) {
                    LOG.debug("plugin {} did not shut down cleanly: {}", name, e.getMessage());
                }
            }
            Termination how = process.stop(step);
            LOG.debug("plugin {} stopped: {}", name, how);
        } finally {
            process.close();
            connection.close();
        }
    }

    /**
     * Stops at once, without the protocol steps: SIGKILL to the whole tree. For a plugin that is
     * wedged (a request outlived its deadline), where a graceful stop would only add delay.
     */
    public void kill() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            process.kill();
        } finally {
            process.close();
            connection.close();
        }
    }

    @Override
    public void close() {
        shutdown(MethodTimeouts.SHUTDOWN_STEP);
    }
}
