package dev.animus.host;

import dev.animus.core.Deadlines;
import dev.animus.core.HostFailure;
import dev.animus.core.HostHello;
import dev.animus.core.InitializeResult;
import dev.animus.core.Lifecycle;
import dev.animus.core.LifecyclePolicy;
import dev.animus.core.LifecycleTrigger;
import dev.animus.core.RestartBudget;
import dev.animus.core.RetryDecision;
import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.PendingCall;
import dev.animus.rpc.RemoteError;
import dev.animus.rpc.RequestCancelled;
import dev.animus.rpc.RequestTimedOut;
import dev.animus.rpc.Subscription;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Runs one plugin for its callers: launches it lazily on the first request, pipelines requests,
 * kills it when a request outlives its deadline, shuts it down when idle, restarts it on the next
 * request after a crash, and refuses requests once it crash-looped
 * (docs/lifecycle.md#process-lifecycle, docs/lifecycle.md#failures-and-retry). The decisions are
 * core's {@link Lifecycle}; this class carries them out with real processes.
 *
 * <p>Thread-safe: any number of callers may call at once. One lock guards the lifecycle and the
 * current process; no I/O happens under it. States: open → closed; {@link #close()} shuts the
 * plugin down gracefully and is idempotent.
 */
public final class Supervisor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Supervisor.class);
    /** Beyond the launch timeout, what a failed launch may take to kill and reap its process. */
    private static final Duration LAUNCH_WAIT_MARGIN = Duration.ofSeconds(5);

    private final PluginRegistration registration;
    private final HostHello hello;
    private final Optional<Path> launcher;
    private final HostClock clock;
    private final LogTap logTap;
    private final SpawnWatch spawns;
    private final SupervisorState state;

    Supervisor(
            PluginRegistration registration,
            HostHello hello,
            Optional<Path> launcher,
            LifecyclePolicy policy,
            HostClock clock,
            Timers timers,
            StatusEvents events,
            LogTap logTap,
            SpawnWatch spawns) {
        this.logTap = Objects.requireNonNull(logTap, "logTap");
        this.spawns = Objects.requireNonNull(spawns, "spawns");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.hello = Objects.requireNonNull(hello, "hello");
        this.launcher = Objects.requireNonNull(launcher, "launcher");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.state = new SupervisorState(
                Lifecycle.registered(
                        registration.name(),
                        policy.withIdleTimeout(registration.timeouts().idle()),
                        clock.now()),
                clock,
                timers,
                events);
    }

    public String name() {
        return registration.name();
    }

    public PluginRegistration registration() {
        return registration;
    }

    /**
     * Sends {@code method} and waits for its result, launching or restarting the plugin first if
     * needed. A death-like failure is retried once on a fresh process (see {@link CallOptions}). A
     * method the registration's guard refuses ({@link dev.animus.core.LaunchGuard#refusal(String)}) fails at once.
     *
     * @throws PluginCallFailed with the failure as a value; a plugin's error answer untouched
     */
    public JsonNode call(String method, JsonNode params, CallOptions options) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        // before anything starts: only what the operator consented to is forwarded
        registration.guard().refusal(method).ifPresent(refused -> {
            throw new PluginCallFailed(name(), method, refused);
        });
        return perform(new Attempt(method, params, options, limit(method, options)));
    }

    /**
     * {@link #call}, keeping the answering process's notifications that arrive after the answer: for
     * a request that opens a stream the plugin feeds later, addressed by the request's JSON-RPC id
     * ({@code subject/watch} and its {@code subject/changed}, docs/protocol.md#subjects). The
     * subscription starts before the request is written (nothing between the answer and the first
     * read is lost) and waits for room (back-pressure on the plugin, never a dropped notification);
     * it ends when that process exits. The caller owns it and must close it.
     *
     * @throws PluginCallFailed as {@link #call} does; nothing is kept then
     */
    public KeptStream callKeeping(String method, JsonNode params, CallOptions options) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        registration.guard().refusal(method).ifPresent(refused -> {
            throw new PluginCallFailed(name(), method, refused);
        });
        AtomicReference<Subscription> kept = new AtomicReference<>();
        AtomicLong incarnation = new AtomicLong(-1);
        CallOptions subscribing = options.onDispatch(d -> {
            options.onDispatch().ifPresent(listener -> listener.accept(d));
            incarnation.set(d.incarnation());
            Subscription fresh = state.liveSession(d.incarnation())
                    .map(s -> s.subscribeWaiting(StreamForwarder.CAPACITY))
                    .orElse(null);
            Subscription old = kept.getAndSet(fresh);
            if (old != null) { // a retry: the first process's stream means nothing
                old.close();
            }
        });
        Attempt attempt = new Attempt(method, params, subscribing, limit(method, options));
        try {
            JsonNode result = perform(attempt);
            Subscription sub = kept.get();
            if (sub == null) { // the process was gone between admission and dispatch
                throw new PluginCallFailed(
                        name(), method, new HostFailure.ProcessExited(OptionalInt.empty(), List.of()));
            }
            return new KeptStream(result, incarnation.get(), attempt.requestId(), sub);
        } catch (RuntimeException e) {
            Subscription sub = kept.getAndSet(null);
            if (sub != null) {
                sub.close();
            }
            throw e;
        }
    }

    /**
     * The answer of {@link #callKeeping} and the notifications after it.
     *
     * @param incarnation the answering process ({@link #notifyOn})
     * @param requestId the JSON-RPC id the answered request was sent with
     * @param notifications the answering process's notifications from before the request was written
     */
    public record KeptStream(JsonNode result, long incarnation, long requestId, Subscription notifications) {
        public KeptStream {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(notifications, "notifications");
        }
    }

    /**
     * Sends the notification {@code method} to the process of {@code incarnation} only, never
     * launching one (a best-effort message such as {@code subject/unwatch}).
     *
     * @return false when that process is gone or the notification could not be written
     */
    public boolean notifyOn(long incarnation, String method, JsonNode params) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        Optional<PluginSession> session = state.liveSession(incarnation);
        if (session.isEmpty() || registration.guard().refusal(method).isPresent()) {
            return false;
        }
        return session.get().notify(method, params);
    }

    private Duration limit(String method, CallOptions options) {
        return options.timeout()
                .or(() -> registration.timeouts().forMethod(method))
                .orElse(Deadlines.NONE);
    }

    private JsonNode perform(Attempt attempt) {
        String method = attempt.method;
        CallOptions options = attempt.options;
        for (int retries = options.retry() ? 0 : RestartBudget.RETRIES; ; retries++) {
            HostFailure failure;
            try {
                return attempt.run();
            } catch (AttemptFailed f) {
                failure = f.failure;
            }
            switch (RestartBudget.decide(failure, retries, attempt.forwardedOutput(), state.lifecycle())) {
                case RetryDecision.Retry r ->
                    LOG.debug("plugin {}: retrying {} after: {}", name(), method, failure.message());
                case RetryDecision.Surface s ->
                    throw new PluginCallFailed(
                            name(), method, s.failure(), s.failure() != failure || attempt.requestWritten());
            }
        }
    }

    /**
     * Sends {@code method} to the process of {@code incarnation} only (the one a {@link Dispatch}
     * named), never launching, never retrying: for a request that means nothing to another process,
     * such as {@code agent/cancel} of a run. It is not counted in flight (it rides along a request
     * that is).
     *
     * @throws PluginCallFailed with {@link HostFailure.ProcessExited} when that process is gone
     *     (another one may run), or the failure of the request as {@link #call} has it
     */
    public JsonNode callOn(long incarnation, String method, JsonNode params, Duration timeout) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        Optional<PluginSession> session = state.liveSession(incarnation);
        if (session.isEmpty()) {
            throw new PluginCallFailed(name(), method, new HostFailure.ProcessExited(OptionalInt.empty(), List.of()));
        }
        try {
            return session.get().call(method, params, timeout).await();
        } catch (RemoteError e) {
            throw new PluginCallFailed(name(), method, HostFailures.of(e, method));
        } catch (RequestCancelled e) {
            throw new PluginCallFailed(name(), method, HostFailures.of(e, method));
        } catch (RequestTimedOut e) {
            throw new PluginCallFailed(name(), method, new HostFailure.Timeout(method, timeout));
        } catch (ConnectionLost e) {
            throw new PluginCallFailed(name(), method, HostFailures.lost(e));
        }
    }

    /** {@link #call} with the plugin's deadline for the method and one retry. */
    public JsonNode call(String method, JsonNode params) {
        return call(method, params, CallOptions.defaults());
    }

    /** Sends {@code $/ping} (launching the plugin if needed) and returns the round-trip time. */
    public Duration ping(CallOptions options) {
        long t0 = System.nanoTime();
        call("$/ping", JsonNodeFactory.instance.objectNode(), options);
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    /** What the current process answered to {@code initialize}, launching it if needed. */
    public InitializeResult describe() {
        for (int retries = 0; ; retries++) {
            try {
                SupervisorState.Admission a = admit();
                state.apply(new LifecycleTrigger.ResponseReceived(a.incarnation()));
                return a.session().initializeResult();
            } catch (AttemptFailed f) {
                switch (RestartBudget.decide(f.failure, retries, false, state.lifecycle())) {
                    case RetryDecision.Retry r ->
                        LOG.debug("plugin {}: relaunching after: {}", name(), f.failure.message());
                    case RetryDecision.Surface s -> throw new PluginCallFailed(name(), "initialize", s.failure());
                }
            }
        }
    }

    /**
     * Sends the notification {@code method} to the current process, launching it first if needed,
     * without retrying: for a best-effort message that must reach a plugin whether or not it runs
     * (a lifecycle event, docs/lifecycle.md#hooks-and-events). A method the guard refuses is never
     * sent.
     *
     * @return false when the guard refused it, the launch failed, or it could not be written
     */
    public boolean notifyLaunching(String method, JsonNode params) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        if (registration.guard().refusal(method).isPresent()) {
            return false;
        }
        try {
            SupervisorState.Admission a = admit();
            state.apply(new LifecycleTrigger.ResponseReceived(a.incarnation()));
            return a.session().notify(method, params);
        } catch (AttemptFailed f) {
            LOG.debug("plugin {}: {} not sent: {}", name(), method, f.failure.message());
            return false;
        }
    }

    /** What the current process answered to {@code initialize}; empty when there is none. */
    public Optional<InitializeResult> handshake() {
        return state.liveSession().map(PluginSession::initializeResult);
    }

    /**
     * What the current process answered to {@code initialize}, as it sent it (fields the host does
     * not read included); empty when there is none.
     */
    public Optional<JsonNode> initializeAnswer() {
        return state.liveSession().map(PluginSession::initializeAnswer);
    }

    /**
     * Keeps the plugin's process from being shut down for idleness until the returned hold is
     * closed: a stream the plugin feeds between requests ({@code subject/watch}, {@code trigger/watch})
     * keeps its process. Crashes, deadlines and {@link #stopProcess} still end it; the holder then
     * re-opens its stream. Closing the hold twice does nothing; the last close restarts the idle
     * count.
     */
    public Hold hold() {
        return new Hold(state.hold(registration.timeouts().idle()));
    }

    /** A {@link #hold()} on the idle shutdown. */
    public static final class Hold implements AutoCloseable {
        private final Runnable release;

        private Hold(Runnable release) {
            this.release = release;
        }

        @Override
        public void close() {
            release.run();
        }
    }

    /** A snapshot for {@code plugin status}. */
    public PluginStatus status() {
        return state.status(name());
    }

    /** Enables a disabled plugin again and forgets its crashes (an operator's act). */
    public void reset() {
        state.apply(new LifecycleTrigger.OperatorReset());
    }

    /** The process tree of the current process, if there is one (for leak checks and status). */
    public Set<ProcessHandle> processTree() {
        return state.liveSession().map(PluginSession::processTree).orElse(Set.of());
    }

    /**
     * Shuts the current process down gracefully and waits for it, leaving the supervisor open: the
     * next request launches a fresh process (Terminated → Launching).
     */
    public void stopProcess() {
        state.stopProcess();
    }

    /** Shuts the plugin down gracefully (each step bounded) and refuses further requests. */
    @Override
    public void close() {
        state.close();
    }

    /**
     * Counts a request in flight on a Ready process, launching one first if there is none. Waiting
     * for a launch is bounded by the launch timeout (plus the time a failed launch takes to kill
     * its process), not by the request's deadline: the design gives each its own budget.
     */
    private SupervisorState.Admission admit() {
        if (state.liveSession().isEmpty()) {
            // before every launch, not every call: a running process was admitted when it started
            Optional<HostFailure> refused = registration.guard().refusal();
            if (refused.isPresent()) {
                throw new AttemptFailed(refused.get());
            }
        }
        while (true) {
            switch (state.admit()) {
                case SupervisorState.Admitted a -> {
                    return a.admission();
                }
                case SupervisorState.Refused r -> throw new AttemptFailed(r.failure());
                case SupervisorState.MustLaunch m -> launch(m.incarnation());
                case SupervisorState.MustWait w -> {
                    Duration launch = registration.timeouts().launch();
                    Optional<HostFailure> failed = w.launch().await(launch.plus(LAUNCH_WAIT_MARGIN));
                    if (failed.isPresent()) {
                        throw new AttemptFailed(failed.get());
                    }
                    if (!w.launch().isDone()) { // the launcher itself is stuck: never wait twice
                        throw new AttemptFailed(new HostFailure.Timeout("initialize", launch));
                    }
                }
            }
        }
    }

    private void launch(long incarnation) {
        PluginSession session;
        try {
            session = PluginSession.launch(
                    registration.launch(),
                    hello,
                    launcher,
                    registration.timeouts().launch(),
                    pid -> spawns.spawned(name(), pid));
        } catch (LaunchFailed e) {
            LOG.debug("plugin {}: launch {} failed: {}", name(), incarnation, e.getMessage());
            state.launchFailed(incarnation, e.failure());
            throw new AttemptFailed(e.failure());
        } catch (RuntimeException e) { // a bug of ours must not leave the plugin Launching forever
            LOG.warn("plugin {}: launch {} failed unexpectedly", name(), incarnation, e);
            HostFailure failure = new HostFailure.SpawnFailed("plugin " + name() + " could not be launched: " + e);
            state.launchFailed(incarnation, failure);
            throw new AttemptFailed(failure);
        }
        if (state.launched(incarnation, session)) {
            LogPump.start(name(), incarnation, session, logTap);
            session.whenClosed()
                    .thenAccept(cause -> RuntimeThreads.start(
                            "animus-exit-" + name(),
                            () -> state.apply(new LifecycleTrigger.ProcessExited(
                                    incarnation,
                                    new HostFailure.ProcessExited(cause.exitCode(), cause.stderrTail())))));
        }
    }

    /** One request with its retry: the streamed-output flag lives across attempts. */
    private final class Attempt {
        private final String method;
        private final JsonNode params;
        private final CallOptions options;
        private final Duration limit;
        private boolean forwarded;
        private boolean requestWritten = true;
        private long requestId = -1;

        Attempt(String method, JsonNode params, CallOptions options, Duration limit) {
            this.method = method;
            this.params = params;
            this.options = options;
            this.limit = limit;
        }

        /**
         * The caller gave up; the plugin may not have. The request stays in flight until the plugin
         * answers it (then the plugin is free again) or its deadline passes (then it is stopped as
         * for any timeout: a plugin that ignores {@code $/cancelRequest} cannot hold a worker
         * forever). No caller hears of that kill, so it is announced to every status subscriber
         * ({@link LifecycleTrigger.RequestTimedOut#cancelled()}). A lost connection is the process
         * exit's business.
         */
        private void settleLater(PendingCall call, long incarnation) {
            call.settled().whenComplete((answered, failure) -> {
                Throwable cause = failure instanceof CompletionException c ? c.getCause() : failure;
                LifecycleTrigger trigger = switch (cause) {
                    case null -> new LifecycleTrigger.ResponseReceived(incarnation);
                    case RequestTimedOut t -> new LifecycleTrigger.RequestTimedOut(incarnation, method, limit, true);
                    default -> null;
                };
                if (trigger != null) {
                    RuntimeThreads.start("animus-settle-" + name(), () -> state.apply(trigger));
                }
            });
        }

        /** The JSON-RPC id of the last attempt's request; -1 before one was sent. */
        long requestId() {
            return requestId;
        }

        boolean forwardedOutput() {
            return forwarded;
        }

        /** False when the last attempt timed out before its request was written whole. */
        boolean requestWritten() {
            return requestWritten;
        }

        JsonNode run() {
            requestWritten = true;
            SupervisorState.Admission a = admit();
            Optional<Subscription> sub =
                    options.notifications().map(n -> a.session().subscribeWaiting(StreamForwarder.CAPACITY));
            PluginSession session = a.session();
            options.onDispatch()
                    .ifPresent(d -> d.accept(new Dispatch(a.incarnation(), session.pid(), session.initializeResult())));
            PendingCall call = a.session().call(method, params, limit); // the deadline starts at dispatch
            requestId = call.id();
            Optional<StreamForwarder> stream = sub.map(s ->
                    StreamForwarder.start(s, call.id(), options.notifications().orElseThrow(), options.route()));
            try {
                JsonNode result = call.await();
                state.apply(new LifecycleTrigger.ResponseReceived(a.incarnation()));
                return result;
            } catch (RemoteError e) {
                state.apply(new LifecycleTrigger.ResponseReceived(a.incarnation()));
                throw new AttemptFailed(HostFailures.of(e, method));
            } catch (RequestCancelled e) {
                settleLater(call, a.incarnation());
                throw new AttemptFailed(HostFailures.of(e, method));
            } catch (RequestTimedOut e) {
                requestWritten = e.requestWritten();
                state.apply(new LifecycleTrigger.RequestTimedOut(a.incarnation(), method, limit));
                throw new AttemptFailed(new HostFailure.Timeout(method, limit));
            } catch (ConnectionLost e) {
                HostFailure lost = HostFailures.lost(e);
                state.apply(new LifecycleTrigger.ProcessExited(a.incarnation(), lost));
                throw new AttemptFailed(lost);
            } finally {
                stream.ifPresent(s -> {
                    s.close();
                    forwarded |= s.forwardedOutput();
                });
            }
        }
    }

    /** One attempt failed; carries the failure to the retry decision. Never leaves this class. */
    private static final class AttemptFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient HostFailure failure;

        AttemptFailed(HostFailure failure) {
            super(failure.message(), null, false, false);
            this.failure = failure;
        }
    }
}
