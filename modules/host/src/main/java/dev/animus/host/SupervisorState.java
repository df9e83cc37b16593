package dev.animus.host;

import dev.animus.core.HostFailure;
import dev.animus.core.Lifecycle;
import dev.animus.core.LifecycleEffect;
import dev.animus.core.LifecycleTrigger;
import dev.animus.core.MethodTimeouts;
import dev.animus.core.Moment;
import dev.animus.core.ProcessState;
import dev.animus.core.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lock-guarded half of a {@link Supervisor}: the lifecycle value, the current process and the
 * idle timer. Each trigger is one step of core's transition function under the lock; events are
 * published and timers armed under it (neither blocks), while kills and shutdowns run after it is
 * released.
 */
final class SupervisorState {
    /** How long {@link #close()} waits for a launch in progress to notice the host closed. */
    private static final Duration LAUNCH_SETTLE = Duration.ofSeconds(10);

    /** What a caller may do with its request now. */
    sealed interface Admit {}

    /** Send it to this process. */
    record Admitted(Admission admission) implements Admit {}

    /** Fail it with this. */
    record Refused(HostFailure failure) implements Admit {}

    /** Launch the process of this incarnation yourself, then ask again. */
    record MustLaunch(long incarnation) implements Admit {}

    /** Wait for this launch, then ask again. */
    record MustWait(PendingLaunch launch) implements Admit {}

    /** A request counted in flight on {@code session}; answer it with ResponseReceived or a crash. */
    record Admission(long incarnation, PluginSession session) {}

    private record Live(long incarnation, PluginSession session, Moment readyAt) {}

    /** Sessions to stop once the lock is released. */
    private record Stops(List<PluginSession> kill, List<PluginSession> shutDown) {}

    private final HostClock clock;
    private final Timers timers;
    private final StatusEvents events;
    private final ReentrantLock lock = new ReentrantLock();
    private Lifecycle lifecycle;
    private Optional<Live> live = Optional.empty();
    private Optional<PendingLaunch> launching = Optional.empty();
    private Optional<Timers.Timer> idleTimer = Optional.empty();
    private int holds;
    private Duration idleTimeout;
    private boolean closed;

    SupervisorState(Lifecycle initial, HostClock clock, Timers timers, StatusEvents events) {
        this.lifecycle = initial;
        this.clock = clock;
        this.timers = timers;
        this.events = events;
    }

    Admit admit() {
        lock.lock();
        try {
            if (closed) {
                return new Refused(new HostFailure.ShuttingDown(lifecycle.plugin()));
            }
            Step step = step(new LifecycleTrigger.RequestArrived());
            for (LifecycleEffect e : step.effects()) {
                switch (e) {
                    case LifecycleEffect.Send s -> {
                        return new Admitted(new Admission(
                                s.incarnation(), live.orElseThrow().session()));
                    }
                    case LifecycleEffect.Reject r -> {
                        return new Refused(r.failure());
                    }
                    case LifecycleEffect.Spawn s -> {
                        launching = Optional.of(new PendingLaunch(s.incarnation()));
                        return new MustLaunch(s.incarnation());
                    }
                    case LifecycleEffect.AwaitLaunch w -> {
                        return new MustWait(launching.orElseThrow());
                    }
                    case LifecycleEffect.Emit em -> {} // published by step()
                    case LifecycleEffect.ScheduleIdleCheck c -> {}
                    case LifecycleEffect.Kill k -> {}
                    case LifecycleEffect.ShutDown d -> {}
                }
            }
            throw new IllegalStateException("a request in state " + lifecycle.state() + " had no outcome");
        } finally {
            lock.unlock();
        }
    }

    /** The launch of {@code incarnation} failed. */
    void launchFailed(long incarnation, HostFailure failure) {
        apply(new LifecycleTrigger.LaunchFailed(incarnation, failure));
        finishLaunch(incarnation, Optional.of(failure));
    }

    /**
     * The process of {@code incarnation} is Ready; it becomes the current one unless nobody waits for
     * it any more (the host closed meanwhile), in which case it is shut down here.
     *
     * @return whether it became the current process
     */
    boolean launched(long incarnation, PluginSession session) {
        Stops stops;
        boolean current;
        lock.lock();
        try {
            Step step = step(new LifecycleTrigger.HandshakeAnswered(incarnation));
            current = lifecycle.state() == ProcessState.READY && lifecycle.incarnation() == incarnation;
            if (current) {
                live = Optional.of(new Live(incarnation, session, clock.now()));
            }
            stops = perform(step);
        } finally {
            lock.unlock();
        }
        stop(stops, false);
        if (!current) {
            session.shutdown(MethodTimeouts.SHUTDOWN_STEP);
        }
        finishLaunch(
                incarnation,
                current
                        ? Optional.empty()
                        : Optional.of(new HostFailure.ShuttingDown(lifecycle().plugin())));
        return current;
    }

    private void finishLaunch(long incarnation, Optional<HostFailure> failure) {
        Optional<PendingLaunch> done;
        lock.lock();
        try {
            done = launching.filter(p -> p.incarnation() == incarnation);
            if (done.isPresent()) {
                launching = Optional.empty();
            }
        } finally {
            lock.unlock();
        }
        done.ifPresent(p -> failure.ifPresentOrElse(p::failed, p::succeeded));
    }

    /** Runs one trigger; kills happen before this returns, graceful shutdowns in the background. */
    void apply(LifecycleTrigger trigger) {
        Stops stops;
        lock.lock();
        try {
            stops = perform(step(trigger));
        } finally {
            lock.unlock();
        }
        stop(stops, false);
    }

    Lifecycle lifecycle() {
        lock.lock();
        try {
            return lifecycle;
        } finally {
            lock.unlock();
        }
    }

    Optional<PluginSession> liveSession() {
        lock.lock();
        try {
            return live.map(Live::session);
        } finally {
            lock.unlock();
        }
    }

    /** The current process if it is the one of {@code incarnation}. */
    Optional<PluginSession> liveSession(long incarnation) {
        lock.lock();
        try {
            return live.filter(l -> l.incarnation() == incarnation).map(Live::session);
        } finally {
            lock.unlock();
        }
    }

    PluginStatus status(String name) {
        lock.lock();
        try {
            Moment now = clock.now();
            return new PluginStatus(
                    name,
                    lifecycle.state(),
                    live.map(l -> OptionalLong.of(l.session().pid())).orElse(OptionalLong.empty()),
                    live.map(l -> now.since(l.readyAt())),
                    live.map(l -> l.session().handshakeTime()),
                    lifecycle.inFlight(),
                    lifecycle.restarts(),
                    lifecycle.crashesInWindow(now),
                    lifecycle.policy().crashLimit(),
                    lifecycle.since().wall(),
                    lifecycle.lastFailure().map(FailureText::line));
        } finally {
            lock.unlock();
        }
    }

    /** Shuts the current process down gracefully (waiting for it); the next request relaunches. */
    void stopProcess() {
        Stops stops;
        lock.lock();
        try {
            stops = perform(step(new LifecycleTrigger.HostClosing()));
        } finally {
            lock.unlock();
        }
        stop(stops, true);
    }

    /**
     * Keeps the process from its idle shutdown until the returned release runs (once; later runs do
     * nothing): for a stream the plugin feeds without a request in flight. The last release arms the
     * idle timer afresh.
     */
    Runnable hold(Duration idleTimeout) {
        lock.lock();
        try {
            holds++;
            this.idleTimeout = idleTimeout;
        } finally {
            lock.unlock();
        }
        AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (!released.compareAndSet(false, true)) {
                return;
            }
            lock.lock();
            try {
                holds--;
                if (holds == 0) { // the count starts again now, not at a timer armed while held
                    idleTimer.ifPresent(Timers.Timer::cancel);
                    idleTimer = Optional.empty();
                    armIdleTimer(idleTimeout);
                }
            } finally {
                lock.unlock();
            }
        };
    }

    /** How many holds are open. */
    int holds() {
        lock.lock();
        try {
            return holds;
        } finally {
            lock.unlock();
        }
    }

    /** Refuses new requests, shuts the process down (waiting for it) and lets a launch in progress end. */
    void close() {
        Stops stops;
        Optional<PendingLaunch> pending;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            stops = perform(step(new LifecycleTrigger.HostClosing()));
            idleTimer.ifPresent(Timers.Timer::cancel);
            idleTimer = Optional.empty();
            pending = launching;
        } finally {
            lock.unlock();
        }
        stop(stops, true);
        pending.ifPresent(p -> p.await(LAUNCH_SETTLE));
    }

    private void idleTimerFired() {
        Stops stops;
        lock.lock();
        try {
            idleTimer = Optional.empty();
            if (closed) {
                return;
            }
            if (holds > 0) { // a stream is open: look again an idle timeout later
                armIdleTimer(idleTimeout);
                return;
            }
            stops = perform(step(new LifecycleTrigger.IdleTimerFired()));
        } finally {
            lock.unlock();
        }
        stop(stops, false);
    }

    /** One step of the machine; must hold the lock. Publishes the step's events. */
    private Step step(LifecycleTrigger trigger) {
        Step step = lifecycle.on(trigger, clock.now());
        lifecycle = step.next();
        if (events.hasSubscribers()) { // the per-request path publishes nothing when nobody listens
            for (LifecycleEffect e : step.effects()) {
                if (e instanceof LifecycleEffect.Emit(var change)) {
                    events.publish(change);
                }
            }
        }
        return step;
    }

    /** Arms timers and detaches the sessions to stop; must hold the lock. */
    private Stops perform(Step step) {
        List<PluginSession> kill = new ArrayList<>(0);
        List<PluginSession> shutDown = new ArrayList<>(0);
        for (LifecycleEffect e : step.effects()) {
            switch (e) {
                case LifecycleEffect.Kill k -> detach(k.incarnation()).ifPresent(kill::add);
                case LifecycleEffect.ShutDown d -> detach(d.incarnation()).ifPresent(shutDown::add);
                case LifecycleEffect.ScheduleIdleCheck c -> armIdleTimer(c.delay());
                case LifecycleEffect.Emit em -> {} // published by step()
                case LifecycleEffect.Send s -> {} // only on RequestArrived, handled by admit()
                case LifecycleEffect.Reject r -> {}
                case LifecycleEffect.Spawn s -> {}
                case LifecycleEffect.AwaitLaunch w -> {}
            }
        }
        return new Stops(kill, shutDown);
    }

    // At most one idle timer is pending: an early one re-arms itself for the rest (the machine says
    // how long), so requests never pile timers up.
    private void armIdleTimer(Duration delay) {
        if (idleTimer.isEmpty() && !closed) {
            idleTimer = Optional.of(timers.schedule(
                    delay, () -> RuntimeThreads.start("animus-idle-" + lifecycle.plugin(), this::idleTimerFired)));
        }
    }

    private Optional<PluginSession> detach(long incarnation) {
        Optional<PluginSession> s =
                live.filter(l -> l.incarnation() == incarnation).map(Live::session);
        if (s.isPresent()) {
            live = Optional.empty();
        }
        return s;
    }

    private static void stop(Stops stops, boolean wait) {
        stops.kill().forEach(PluginSession::kill);
        for (PluginSession s : stops.shutDown()) {
            if (wait) {
                s.close();
            } else {
                RuntimeThreads.start("animus-shutdown-" + s.name(), s::close);
            }
        }
    }
}
