package dev.animus.providers;

import dev.animus.host.CallOptions;
import dev.animus.host.Dispatch;
import dev.animus.host.LaunchSpec;
import dev.animus.host.NotificationRoute;
import dev.animus.host.PluginCallFailed;
import dev.animus.host.Supervisor;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The session map of one host (docs/protocol.md#providers): every run in progress by its
 * host-minted {@code control_session_id}, the process it was written to, and {@code agent/cancel}
 * sent to that same process. One instance serves every caller of a host (a daemon's clients
 * alike): a run started by one may be cancelled by another.
 *
 * <p>A run is registered when it starts, learns its process before its request is written (so a
 * cancel can never miss it), and is removed when it ends. Retries are the supervisor's
 * (docs/lifecycle.md#failures-and-retry): a death before any streamed output is retried once on a
 * fresh process, which the map then names; after output it is not, and the caller gets
 * {@link RunFailed} with the output so far.
 *
 * <p>Thread-safe: one lock guards the map; no I/O happens under it. The clock stamps
 * {@link ActiveSession#startedAt()}.
 */
public final class AgentSessions {
    /** How long a cancel waits for the run's process and for its answer (docs/protocol.md#agentcancel). */
    public static final Duration CANCEL_TIMEOUT = Duration.ofSeconds(10);

    private final InstantSource clock;
    private final Supplier<String> ids;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition dispatched = lock.newCondition();
    private final Map<String, Entry> sessions = new HashMap<>();

    private static final class Entry {
        final String id;
        final Supervisor supervisor;
        final Instant startedAt;
        Optional<Dispatch> dispatch = Optional.empty();

        Entry(String id, Supervisor supervisor, Instant startedAt) {
            this.id = id;
            this.supervisor = supervisor;
            this.startedAt = startedAt;
        }
    }

    private AgentSessions(InstantSource clock, Supplier<String> ids) {
        this.clock = clock;
        this.ids = ids;
    }

    /** A session map stamping runs with {@code clock}, minting random UUIDs. */
    public static AgentSessions create(InstantSource clock) {
        return create(clock, () -> UUID.randomUUID().toString());
    }

    /** A session map minting control session ids with {@code ids} (each must be new). */
    public static AgentSessions create(InstantSource clock, Supplier<String> ids) {
        return new AgentSessions(Objects.requireNonNull(clock, "clock"), Objects.requireNonNull(ids, "ids"));
    }

    /**
     * Starts {@code request} on {@code provider}'s plugin and returns at once. Its events go to
     * {@code sink} in the order the plugin sent them, on one thread; the sink must not block for
     * long (the plugin's other notifications queue behind it).
     */
    public AgentRun start(Supervisor provider, AgentRequest request, RunContext context, Consumer<RunnerEvent> sink) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(sink, "sink");
        Entry entry = register(provider);
        LaunchSpec launch = provider.registration().launch();
        JsonNode params =
                RunParams.of(request, entry.id, context, launch.environmentPolicy(), launch.callerEnvironment());
        // appended by the forwarding thread, read by the run's thread once the call returned
        StringBuffer streamed = new StringBuffer();
        CallOptions options = CallOptions.defaults()
                .streamingTo(
                        n -> {
                            RunnerEvent e = RunnerEvent.of(n.method(), n.params());
                            if (e instanceof RunnerEvent.Output o) {
                                streamed.append(o.text());
                            }
                            sink.accept(e);
                        },
                        NotificationRoute.bySession(entry.id))
                .onDispatch(d -> dispatched(entry, d));
        CallOptions timed = request.timeout().map(options::withTimeout).orElse(options);
        CompletableFuture<AgentOutcome> outcome = new CompletableFuture<>();
        SessionThreads.start("animus-agent-" + entry.id, () -> {
            // the run leaves the map before its caller learns the end: a cancel after await() finds nothing
            JsonNode result;
            try {
                result = provider.call(request.method(), params, timed);
            } catch (PluginCallFailed e) {
                remove(entry);
                outcome.completeExceptionally(new RunFailed(provider.name(), entry.id, e.failure(), text(streamed)));
                return;
            } catch (RuntimeException | java.lang.Error e) {
                remove(entry);
                outcome.completeExceptionally(e);
                return;
            }
            remove(entry);
            try {
                outcome.complete(AgentOutcome.read(entry.id, result, text(streamed)));
            } catch (RuntimeException e) {
                outcome.completeExceptionally(e);
            }
        });
        return new AgentRun(entry.id, provider.name(), outcome);
    }

    private static String text(StringBuffer streamed) {
        return streamed.toString();
    }

    /**
     * Sends {@code agent/cancel {session_id}} to the process running {@code controlSessionId}
     * (waiting up to {@link #CANCEL_TIMEOUT} for a run still being launched to reach one) and
     * returns its answer.
     *
     * @throws NoActiveSession when no run has that id (or it ended meanwhile)
     * @throws CancelNotSupported when that process did not advertise {@code capabilities.cancellation}
     * @throws PluginCallFailed when the cancel itself failed (the process exited, it timed out)
     */
    public CancelOutcome cancel(String controlSessionId) throws InterruptedException {
        Objects.requireNonNull(controlSessionId, "controlSessionId");
        Entry entry;
        Dispatch dispatch;
        lock.lock();
        try {
            long left = CANCEL_TIMEOUT.toNanos();
            while (true) {
                entry = sessions.get(controlSessionId);
                if (entry == null) {
                    throw new NoActiveSession(controlSessionId);
                }
                if (entry.dispatch.isPresent()) {
                    dispatch = entry.dispatch.get();
                    break;
                }
                if (left <= 0) {
                    throw new NoActiveSession(controlSessionId);
                }
                left = dispatched.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
        if (!dispatch.initialize().capabilities().cancellation()) {
            throw new CancelNotSupported(entry.supervisor.name(), controlSessionId);
        }
        var params = JsonNodeFactory.instance.objectNode().put("session_id", controlSessionId);
        JsonNode answer = entry.supervisor.callOn(dispatch.incarnation(), "agent/cancel", params, CANCEL_TIMEOUT);
        return new CancelOutcome(controlSessionId, entry.supervisor.name(), dispatch.pid(), answer);
    }

    /** The runs in progress, oldest first. */
    public List<ActiveSession> active() {
        lock.lock();
        try {
            return sessions.values().stream()
                    .map(e -> new ActiveSession(
                            e.id,
                            e.supervisor.name(),
                            e.startedAt,
                            e.dispatch.map(d -> OptionalLong.of(d.pid())).orElse(OptionalLong.empty())))
                    .sorted(Comparator.comparing(ActiveSession::startedAt)
                            .thenComparing(ActiveSession::controlSessionId))
                    .toList();
        } finally {
            lock.unlock();
        }
    }

    private Entry register(Supervisor provider) {
        lock.lock();
        try {
            String id = ids.get();
            if (sessions.containsKey(id)) {
                throw new IllegalStateException("control session id " + id + " is in use");
            }
            Entry e = new Entry(id, provider, clock.instant());
            sessions.put(id, e);
            return e;
        } finally {
            lock.unlock();
        }
    }

    private void dispatched(Entry entry, Dispatch d) {
        lock.lock();
        try {
            entry.dispatch = Optional.of(d);
            dispatched.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void remove(Entry entry) {
        lock.lock();
        try {
            sessions.remove(entry.id, entry);
            dispatched.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
