package dev.animus.transports;

import dev.animus.core.ErrorCodes;
import dev.animus.core.HostFailure;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginCallFailed;
import dev.animus.host.Supervisor;
import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * One started transport (docs/protocol.md#transports). {@link #start} holds the plugin's process
 * ({@link Supervisor#hold()}: the idle timer never stops a transport), launches it (the handshake's
 * deadline is the registration's launch timeout, {@link #HANDSHAKE} for transports), sends
 * {@code transport/start} and reads its answer into a {@link TransportEndpoint}. A transport that
 * answers {@code transport/start} with -32601 or -32001 (or whose manifest does not declare it) is
 * legacy: it bound during {@code initialize}, and its URL is {@link LegacyUrl}'s reading of that
 * answer, else {@code transport/info}'s.
 *
 * <p>Thread-safe. States: running → closing → closed. {@link #close()} sends
 * {@code transport/shutdown} to the process that started (bounded by {@link Options#shutdownTimeout},
 * never launching one), then stops the process gracefully (the host's {@code shutdown} and
 * {@code exit}) and releases the hold; idempotent. The supervisor stays the caller's.
 */
public final class TransportSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TransportSession.class);
    /** The handshake deadline of a transport: it may bind and warm up before it answers. */
    public static final Duration HANDSHAKE = Duration.ofSeconds(15);
    /** How long {@code transport/start} and {@code transport/info} may take by default. */
    public static final Duration START = Duration.ofSeconds(30);
    /** How long {@code transport/shutdown} may take before the process is stopped anyway. */
    public static final Duration SHUTDOWN = Duration.ofSeconds(5);

    /**
     * What a session needs.
     *
     * @param plugin the transport's installed name
     * @param supervisor its supervisor (registered with the {@link #HANDSHAKE} launch timeout)
     * @param ui whether its manifest says it serves a browser UI ({@code initialize} may say so too)
     * @param params what {@code transport/start} tells it
     * @param startTimeout the deadline of {@code transport/start} and {@code transport/info}
     * @param shutdownTimeout the deadline of {@code transport/shutdown}
     * @param clock stamps a legacy transport that does not say when it started
     */
    public record Options(
            String plugin,
            Supervisor supervisor,
            boolean ui,
            TransportParams params,
            Duration startTimeout,
            Duration shutdownTimeout,
            InstantSource clock) {
        public Options {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(supervisor, "supervisor");
            Objects.requireNonNull(params, "params");
            Objects.requireNonNull(startTimeout, "startTimeout");
            Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
            Objects.requireNonNull(clock, "clock");
        }

        /** The default deadlines and the system clock. */
        public static Options of(String plugin, Supervisor supervisor, boolean ui, TransportParams params) {
            return new Options(plugin, supervisor, ui, params, START, SHUTDOWN, InstantSource.system());
        }
    }

    private enum State {
        RUNNING,
        CLOSING,
        CLOSED
    }

    private final Options o;
    private final Supervisor.Hold hold;
    private final TransportEndpoint endpoint;
    private final OptionalLong incarnation;
    private final ReentrantLock lock = new ReentrantLock();
    private State state = State.RUNNING; // guarded by lock

    private TransportSession(Options o, Supervisor.Hold hold, TransportEndpoint endpoint, OptionalLong incarnation) {
        this.o = o;
        this.hold = hold;
        this.endpoint = endpoint;
        this.incarnation = incarnation;
    }

    /**
     * Starts the transport and waits for its endpoint: {@link TransportStart.Started}, else
     * {@link TransportStart.Failed} naming the plugin (its process stopped, the hold released).
     */
    public static TransportStart start(Options options) {
        Objects.requireNonNull(options, "options");
        Supervisor.Hold hold = options.supervisor().hold();
        Starting s = new Starting(options);
        try {
            TransportEndpoint endpoint = s.run();
            LOG.info(
                    "transport {}: started on {}{}{}",
                    options.plugin(),
                    endpoint.boundAddr(),
                    endpoint.url().map(u -> " (" + u + ")").orElse(""),
                    endpoint.legacy() ? ", legacy" : "");
            return new TransportStart.Started(new TransportSession(options, hold, endpoint, s.incarnation()));
        } catch (RuntimeException e) { // TransportFailed, or the host's failure (a registration closed meanwhile)
            try {
                options.supervisor().stopProcess(); // it may have bound: nothing is left listening
            } catch (RuntimeException stop) {
                LOG.debug("transport {}: stopping it after its failed start failed too", options.plugin(), stop);
            } finally {
                hold.close();
            }
            return new TransportStart.Failed(options.plugin(), String.valueOf(e.getMessage()));
        }
    }

    /** The transport's installed name. */
    public String plugin() {
        return o.plugin();
    }

    /** Where it listens and what it serves. */
    public TransportEndpoint endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (state != State.RUNNING) {
                return;
            }
            state = State.CLOSING;
        } finally {
            lock.unlock();
        }
        try {
            shutDownTransport();
            o.supervisor().stopProcess();
        } catch (RuntimeException e) { // a plugin that misbehaves at the end must not stop the others'
            LOG.warn("transport {}: its stop failed: {}", o.plugin(), e.getMessage());
        } finally {
            hold.close();
            lock.lock();
            try {
                state = State.CLOSED;
            } finally {
                lock.unlock();
            }
        }
        LOG.info("transport {}: stopped", o.plugin());
    }

    private void shutDownTransport() {
        if (incarnation.isEmpty()
                || o.supervisor()
                        .registration()
                        .guard()
                        .refusal("transport/shutdown")
                        .isPresent()) {
            return; // a legacy transport that declares nothing of the protocol gets the host's shutdown only
        }
        try {
            o.supervisor()
                    .callOn(
                            incarnation.getAsLong(),
                            "transport/shutdown",
                            JsonNodeFactory.instance.objectNode(),
                            o.shutdownTimeout());
        } catch (PluginCallFailed e) {
            LOG.warn("transport {}: transport/shutdown failed ({}); stopping its process", o.plugin(), e.getMessage());
        }
    }

    /** One start: the calls, the incarnation that answered them, the reading. */
    private static final class Starting {
        private final Options o;
        private final AtomicLong incarnation = new AtomicLong(-1);

        Starting(Options o) {
            this.o = o;
        }

        OptionalLong incarnation() {
            long i = incarnation.get();
            return i < 0 ? OptionalLong.empty() : OptionalLong.of(i);
        }

        TransportEndpoint run() {
            try {
                o.supervisor().describe(); // the launch and handshake, within the launch timeout
            } catch (PluginCallFailed e) {
                throw new TransportFailed("it did not become ready: " + e.getMessage());
            }
            JsonNode answer;
            try {
                answer = call("transport/start", o.params().toJson());
            } catch (PluginCallFailed e) {
                if (!legacy(e.failure())) {
                    throw new TransportFailed("transport/start failed: " + e.getMessage());
                }
                return legacyEndpoint();
            }
            return switch (TransportAnswer.read(answer)) {
                case TransportAnswer.Invalid bad ->
                    throw new TransportFailed("its transport/start answer is unusable: " + bad.reason());
                case TransportAnswer.Valid ok -> {
                    if (ok.startedAt().isEmpty()) {
                        throw new TransportFailed("its transport/start answer is unusable: started_at is missing");
                    }
                    yield new TransportEndpoint(
                            o.plugin(), ok.boundAddr(), ok.url(), ok.startedAt().get(), ui(), false);
                }
            };
        }

        /** The URL of its {@code initialize} answer, else {@code transport/info}'s answer. */
        private TransportEndpoint legacyEndpoint() {
            JsonNode init = o.supervisor()
                    .initializeAnswer()
                    .orElseThrow(() -> new TransportFailed("its process exited after initialize"));
            Optional<URI> url = LegacyUrl.of(init);
            if (url.isPresent()) {
                URI u = url.get();
                int port = u.getPort() >= 0 ? u.getPort() : u.getScheme().equalsIgnoreCase("https") ? 443 : 80;
                return new TransportEndpoint(
                        o.plugin(), u.getHost() + ":" + port, url, o.clock().instant(), ui(), true);
            }
            JsonNode info;
            try {
                info = call("transport/info", JsonNodeFactory.instance.objectNode());
            } catch (PluginCallFailed e) {
                throw new TransportFailed(
                        "a legacy transport whose initialize answer names no URL, and transport/info failed: "
                                + e.getMessage());
            }
            return switch (TransportAnswer.read(info)) {
                case TransportAnswer.Invalid bad ->
                    throw new TransportFailed("its transport/info answer is unusable: " + bad.reason());
                case TransportAnswer.Valid ok ->
                    new TransportEndpoint(
                            o.plugin(),
                            ok.boundAddr(),
                            ok.url(),
                            ok.startedAt().orElseGet(() -> o.clock().instant()),
                            ui(),
                            true);
            };
        }

        private boolean ui() {
            return o.ui()
                    || o.supervisor().initializeAnswer().map(UiCapability::in).orElse(false);
        }

        private JsonNode call(String method, JsonNode params) {
            return o.supervisor()
                    .call(
                            method,
                            params,
                            CallOptions.defaults()
                                    .withTimeout(o.startTimeout())
                                    .withoutRetry()
                                    .onDispatch(d -> incarnation.set(d.incarnation())));
        }

        /** A refusal that marks a legacy transport: the method is not offered (or not declared). */
        private static boolean legacy(HostFailure f) {
            if (f instanceof HostFailure.Rpc r) {
                return r.code() == ErrorCodes.METHOD_NOT_FOUND || r.code() == ErrorCodes.METHOD_NOT_SUPPORTED;
            }
            return f instanceof HostFailure.NotSupported || f instanceof HostFailure.Undisclosed;
        }
    }
}
