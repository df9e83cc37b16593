package dev.animus.triggers;

import dev.animus.core.ProcessState;
import dev.animus.host.CallOptions;
import dev.animus.host.Supervisor;
import dev.animus.rpc.Notification;
import dev.animus.rpc.SubscriptionEvent;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One trigger plugin watched for its owner (docs/daemon.md#triggers), on one thread of its own: it
 * holds the plugin's process ({@link Supervisor#hold()}), sends {@code trigger/watch {cursor?,
 * config?}} with the journal's cursor, and reads the {@code trigger/event} notifications of the
 * answering process in order (other notifications are ignored). Each event is parsed (a malformed
 * one is dropped with a warning and counted), skipped when its id is in the journal's window, else
 * handed to the {@link Dispatcher}; then, if it counts as handled, journaled (forced to the disk),
 * and answered with {@code trigger/ack {event_id, status}}.
 *
 * <p>When the process ends (or the watch cannot start) the {@link Backoff} decides: the watch starts
 * again after its delay with the stored cursor, or the trigger is crashed (a
 * {@link TriggerNotice.Crashed} to the owner, no more watches). The host's own crash window does
 * not decide for triggers: a supervisor it disabled is reset before the next watch (decision 040).
 *
 * <p>Thread-safe. States: {@link TriggerState}. {@link #close()} stops reading; an event being
 * dispatched then is answered {@code shutdown} (journaled if its dispatch completed, so its
 * redelivery is skipped), nothing else is sent, the hold is released; idempotent. The journal is
 * the caller's.
 */
public final class TriggerSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TriggerSession.class);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** How often a reader with nothing to read looks whether it was closed. */
    private static final Duration POLL = Duration.ofSeconds(1);
    /** How long {@link #close()} waits for an event being dispatched. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);
    /** {@code trigger/watch} is answered at once; a plugin that does not answer is a failure. */
    private static final CallOptions WATCH = CallOptions.defaults().withTimeout(Duration.ofSeconds(30));

    /**
     * What a session needs.
     *
     * @param plugin the trigger's installed name
     * @param supervisor its supervisor
     * @param journal its cursor and dedup window (the caller's, closed after the session)
     * @param config its table, passed as {@code config} when not empty
     * @param notices told of crashes and unmatched events, on the session's thread
     */
    public record Options(
            String plugin,
            Supervisor supervisor,
            TriggerJournal journal,
            TriggerConfig config,
            Dispatcher dispatcher,
            Backoff backoff,
            TriggerClock clock,
            Consumer<TriggerNotice> notices) {
        public Options {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(supervisor, "supervisor");
            Objects.requireNonNull(journal, "journal");
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(dispatcher, "dispatcher");
            Objects.requireNonNull(backoff, "backoff");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(notices, "notices");
        }
    }

    private final Options o;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<AckStatus, AtomicLong> counts = new EnumMap<>(AckStatus.class);
    private final AtomicLong events = new AtomicLong();
    private final AtomicLong malformed = new AtomicLong();
    private final AtomicLong restarts = new AtomicLong();
    private final Thread thread;
    // guarded by lock
    private TriggerState state = TriggerState.STARTING;
    private Optional<String> lastError = Optional.empty();
    private boolean closed;
    private boolean sleeping;
    private boolean ackRefusalLogged; // the session's thread only
    private Optional<Supervisor.KeptStream> current = Optional.empty();

    private TriggerSession(Options options) {
        this.o = options;
        for (AckStatus s : AckStatus.values()) {
            counts.put(s, new AtomicLong());
        }
        this.thread =
                Thread.ofVirtual().name("animus-trigger-" + options.plugin()).unstarted(this::run);
    }

    /** Starts watching on a thread of its own. */
    public static TriggerSession start(Options options) {
        TriggerSession s = new TriggerSession(Objects.requireNonNull(options, "options"));
        s.thread.start();
        return s;
    }

    /** The trigger's installed name. */
    public String plugin() {
        return o.plugin();
    }

    /** Its counters and state now. */
    public TriggerStatus status() {
        lock.lock();
        try {
            return new TriggerStatus(
                    o.plugin(),
                    state,
                    events.get(),
                    count(AckStatus.DISPATCHED),
                    count(AckStatus.QUEUED),
                    count(AckStatus.UNMATCHED),
                    count(AckStatus.SKIPPED),
                    count(AckStatus.FAILED),
                    malformed.get(),
                    restarts.get(),
                    lastError);
        } finally {
            lock.unlock();
        }
    }

    private long count(AckStatus s) {
        return counts.get(s).get();
    }

    private void run() {
        Supervisor.Hold hold = o.supervisor().hold();
        try {
            while (!isClosed()) {
                Optional<Duration> ranFor = watch();
                if (isClosed()) {
                    break;
                }
                switch (o.backoff().failed(ranFor)) {
                    case Backoff.Restart r -> {
                        LOG.warn(
                                "trigger {}: its watch ended ({}); failure {} in a row, watching again in {} s",
                                o.plugin(),
                                error().orElse("no reason"),
                                r.failures(),
                                r.delay().toSeconds());
                        if (!backOff(r.delay())) {
                            break;
                        }
                        restarts.incrementAndGet();
                    }
                    case Backoff.Crashed c -> {
                        setState(TriggerState.CRASHED);
                        LOG.error(
                                "trigger {}: crashed after {} consecutive failures ({}); it is not watched any more",
                                o.plugin(),
                                c.failures(),
                                error().orElse("no reason"));
                        o.notices().accept(new TriggerNotice.Crashed(o.plugin(), c.failures(), error()));
                        return;
                    }
                }
            }
        } catch (RuntimeException e) { // a bug of ours must not end the session silently
            LOG.error("trigger {}: its session failed", o.plugin(), e);
            lock.lock();
            try {
                lastError = Optional.of(String.valueOf(e.getMessage()));
            } finally {
                lock.unlock();
            }
        } finally {
            hold.close();
            lock.lock();
            try {
                if (state != TriggerState.CRASHED) {
                    state = TriggerState.STOPPED;
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /** Waits {@code delay} in {@code backing_off}; false when closed meanwhile. */
    private boolean backOff(Duration delay) {
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            state = TriggerState.BACKING_OFF;
            sleeping = true;
        } finally {
            lock.unlock();
        }
        try {
            o.clock().sleep(delay);
            return !isClosed();
        } catch (InterruptedException e) {
            return false; // close() woke it; the thread ends
        } finally {
            lock.lock();
            try {
                sleeping = false;
                Thread.interrupted(); // an interrupt that came as the sleep ended
            } finally {
                lock.unlock();
            }
        }
    }

    /** One watch: how long it ran, or empty when it could not start. */
    private Optional<Duration> watch() {
        ObjectNode params = JSON.objectNode();
        o.journal().cursor().ifPresent(c -> params.put("cursor", c));
        if (!o.config().table().isEmpty()) {
            params.set("config", o.config().table());
        }
        Supervisor.KeptStream kept;
        for (boolean again = resetIfDisabled(); ; again = resetIfDisabled()) {
            try {
                kept = o.supervisor().callKeeping("trigger/watch", params, WATCH);
                break;
            } catch (RuntimeException e) { // PluginCallFailed, LaunchFailed: the plugin's failure
                // the crash window may disable it just after the last exit was counted: once more
                if (!again && o.supervisor().status().state() == ProcessState.DISABLED) {
                    continue;
                }
                failedWith(e.getMessage());
                return Optional.empty();
            }
        }
        long started = o.clock().nanos();
        lock.lock();
        try {
            if (closed) {
                kept.notifications().close();
                return Optional.empty();
            }
            current = Optional.of(kept);
            state = TriggerState.WATCHING;
        } finally {
            lock.unlock();
        }
        LOG.info(
                "trigger {}: watching{}",
                o.plugin(),
                o.journal().cursor().map(c -> " from cursor " + c).orElse(""));
        try {
            read(kept);
        } finally {
            kept.notifications().close();
            lock.lock();
            try {
                current = Optional.empty();
            } finally {
                lock.unlock();
            }
        }
        failedWith(o.supervisor().status().lastError().orElse("its process exited"));
        return Optional.of(Duration.ofNanos(o.clock().nanos() - started));
    }

    /**
     * Resets a supervisor the host's crash window disabled: the session's {@link Backoff} decides
     * a trigger's restarts, and the window (5 crashes in 5 minutes) would stop a trigger that
     * crashes once a minute which the backoff keeps restarting.
     *
     * @return whether it was disabled
     */
    private boolean resetIfDisabled() {
        if (o.supervisor().status().state() != ProcessState.DISABLED) {
            return false;
        }
        LOG.info("trigger {}: the host's crash window disabled it; reset, as its own backoff decides", o.plugin());
        o.supervisor().reset();
        return true;
    }

    private void read(Supervisor.KeptStream kept) {
        try {
            while (!isClosed()) {
                switch (kept.notifications().next(POLL)) {
                    case SubscriptionEvent.Ended e -> {
                        return;
                    }
                    case SubscriptionEvent.Delivered d -> {
                        Notification n = d.notification();
                        if (isClosed()) { // what was buffered when it closed is not handled
                            return;
                        }
                        if (n.method().equals("trigger/event")) {
                            handle(kept.incarnation(), n);
                        }
                    }
                    case SubscriptionEvent.Lagged l -> // a waiting subscription never lags
                        LOG.warn("trigger {}: {} notifications were lost", o.plugin(), l.missed());
                    case SubscriptionEvent.Idle i -> {
                        // look whether it was closed
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(long incarnation, Notification n) {
        TriggerEvent event;
        switch (TriggerEvent.parse(n.params())) {
            case TriggerEvent.Malformed m -> {
                malformed.incrementAndGet();
                LOG.warn("trigger {}: dropped a malformed event: {}", o.plugin(), m.reason());
                return;
            }
            case TriggerEvent.Valid v -> event = v.event();
        }
        events.incrementAndGet();
        AckStatus status;
        if (o.journal().seen(event.eventId())) {
            status = AckStatus.SKIPPED;
        } else {
            status = dispatch(event);
        }
        if (status.advancesCursor()) {
            try {
                o.journal().record(event.eventId(), event.cursor());
            } catch (UncheckedIOException e) {
                LOG.error("trigger {}: event {} not journaled: {}", o.plugin(), event.eventId(), e.getMessage());
                failedWith(e.getMessage());
                status = AckStatus.FAILED;
            }
        }
        counts.get(status).incrementAndGet();
        if (status == AckStatus.UNMATCHED) {
            o.notices().accept(new TriggerNotice.Unmatched(o.plugin(), event.eventId(), event.actionHint()));
        }
        AckStatus told = isClosed() ? AckStatus.SHUTDOWN : status;
        boolean sent = o.supervisor()
                .notifyOn(
                        incarnation,
                        "trigger/ack",
                        JSON.objectNode().put("event_id", event.eventId()).put("status", told.word()));
        if (!sent && !ackRefusalLogged && o.supervisor().handshake().isPresent()) {
            ackRefusalLogged = true; // once: a plugin whose manifest lacks it would log per event
            LOG.warn(
                    "trigger {}: trigger/ack could not be sent to its running process; its manifest must"
                            + " declare trigger/ack among its capabilities",
                    o.plugin());
        }
    }

    private AckStatus dispatch(TriggerEvent event) {
        try {
            return Objects.requireNonNull(o.dispatcher().dispatch(event), "the dispatcher's status");
        } catch (RuntimeException e) {
            LOG.warn("trigger {}: event {} failed: {}", o.plugin(), event.eventId(), e.getMessage());
            failedWith("event " + event.eventId() + ": " + e.getMessage());
            return AckStatus.FAILED;
        }
    }

    private void failedWith(String error) {
        lock.lock();
        try {
            lastError = Optional.ofNullable(error);
        } finally {
            lock.unlock();
        }
    }

    private Optional<String> error() {
        lock.lock();
        try {
            return lastError;
        } finally {
            lock.unlock();
        }
    }

    private void setState(TriggerState s) {
        lock.lock();
        try {
            state = s;
        } finally {
            lock.unlock();
        }
    }

    private boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            current.ifPresent(k -> k.notifications().finish());
            if (sleeping) {
                thread.interrupt();
            }
        } finally {
            lock.unlock();
        }
        try {
            if (!thread.join(CLOSE_WAIT)) {
                LOG.warn("trigger {}: its session did not stop within {} s", o.plugin(), CLOSE_WAIT.toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
