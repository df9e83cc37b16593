package dev.animus.core;

import dev.animus.core.LifecycleEffect.AwaitLaunch;
import dev.animus.core.LifecycleEffect.Emit;
import dev.animus.core.LifecycleEffect.Kill;
import dev.animus.core.LifecycleEffect.Reject;
import dev.animus.core.LifecycleEffect.ScheduleIdleCheck;
import dev.animus.core.LifecycleEffect.Send;
import dev.animus.core.LifecycleEffect.ShutDown;
import dev.animus.core.LifecycleEffect.Spawn;
import dev.animus.core.LifecycleTrigger.HandshakeAnswered;
import dev.animus.core.LifecycleTrigger.HostClosing;
import dev.animus.core.LifecycleTrigger.IdleTimerFired;
import dev.animus.core.LifecycleTrigger.LaunchFailed;
import dev.animus.core.LifecycleTrigger.ManifestValidated;
import dev.animus.core.LifecycleTrigger.OperatorReset;
import dev.animus.core.LifecycleTrigger.ProcessExited;
import dev.animus.core.LifecycleTrigger.RequestArrived;
import dev.animus.core.LifecycleTrigger.RequestTimedOut;
import dev.animus.core.LifecycleTrigger.ResponseReceived;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One plugin's process lifecycle (docs/lifecycle.md#process-lifecycle) as an immutable value and a
 * pure transition function, {@link #on}: no clock reads, no I/O; time arrives in each call as a
 * {@link Moment} and everything to do leaves as {@link LifecycleEffect} values.
 *
 * @param incarnation the number of the latest launch (0 before the first)
 * @param inFlight requests sent to the current process and not answered yet (Busy iff positive)
 * @param lastActivity when the process last became idle (Ready), for the idle timeout
 * @param since when the current state was entered
 * @param restarts launches out of Crashed (auto-restarts)
 * @param crashes crashes since the host started (or the last reset)
 * @param lastFailure the failure of the last crash
 * @param disabled why and since when the plugin is disabled; present exactly in Disabled
 */
public record Lifecycle(
        String plugin,
        LifecyclePolicy policy,
        ProcessState state,
        long incarnation,
        int inFlight,
        CrashWindow window,
        Moment lastActivity,
        Moment since,
        int restarts,
        int crashes,
        Optional<HostFailure> lastFailure,
        Optional<HostFailure.Disabled> disabled) {

    public Lifecycle {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(lastActivity, "lastActivity");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(lastFailure, "lastFailure");
        Objects.requireNonNull(disabled, "disabled");
        if (inFlight < 0 || (inFlight > 0) != (state == ProcessState.BUSY)) {
            throw new IllegalArgumentException(inFlight + " in flight in state " + state);
        }
        if (disabled.isPresent() != (state == ProcessState.DISABLED)) {
            throw new IllegalArgumentException("disabled reason present in state " + state);
        }
    }

    /** A plugin just found by discovery. */
    public static Lifecycle discovered(String plugin, LifecyclePolicy policy, Moment now) {
        return new Lifecycle(
                plugin,
                policy,
                ProcessState.DISCOVERED,
                0,
                0,
                CrashWindow.of(policy.crashLimit(), policy.crashSpan()),
                now,
                now,
                0,
                0,
                Optional.empty(),
                Optional.empty());
    }

    /** A plugin whose manifest is already validated. */
    public static Lifecycle registered(String plugin, LifecyclePolicy policy, Moment now) {
        return discovered(plugin, policy, now).on(new ManifestValidated(), now).next();
    }

    /** Crashes inside the window at {@code now}. */
    public int crashesInWindow(Moment now) {
        return window.count(now.ticks());
    }

    /** The transition function: the lifecycle after {@code trigger} at {@code now}, and what to do. */
    public Step on(LifecycleTrigger trigger, Moment now) {
        Objects.requireNonNull(now, "now");
        return switch (trigger) {
            case ManifestValidated m ->
                state == ProcessState.DISCOVERED
                        ? new Transition(this, now)
                                .to(ProcessState.REGISTERED, "manifest validated")
                                .step()
                        : unchanged();
            case RequestArrived r -> onRequest(now);
            case HandshakeAnswered h -> onHandshake(h.incarnation(), now);
            case LaunchFailed f ->
                current(f.incarnation()) && state == ProcessState.LAUNCHING
                        ? crash(f.failure(), "launch failed: " + f.failure().message(), now, false)
                        : unchanged();
            case ResponseReceived r -> onResponse(r.incarnation(), now);
            case RequestTimedOut t ->
                current(t.incarnation()) && state == ProcessState.BUSY
                        ? t.cancelled()
                                // no caller hears of it: the kill is everybody's news
                                ? crash(
                                        new HostFailure.Timeout(t.method(), t.after()),
                                        t.method() + " was cancelled but ran past its "
                                                + DurationText.format(t.after())
                                                + " deadline; the host killed the process",
                                        now,
                                        true)
                                : crash(
                                        new HostFailure.Timeout(t.method(), t.after()),
                                        t.method() + " timed out after " + DurationText.format(t.after()),
                                        now,
                                        false)
                        : unchanged();
            case ProcessExited e ->
                current(e.incarnation()) && state.hasProcess()
                        ? crash(e.failure(), e.failure().message(), now, false)
                        : unchanged();
            case IdleTimerFired i -> onIdleTimer(now);
            case OperatorReset r -> onReset(now);
            case HostClosing c ->
                state.hasProcess()
                        ? new Transition(this, now)
                                .to(ProcessState.TERMINATED, "host closing")
                                .withInFlight(0)
                                .effect(new ShutDown(incarnation))
                                .step()
                        : unchanged();
        };
    }

    private Step onRequest(Moment now) {
        return switch (state) {
            case DISCOVERED -> unchanged(new Reject(new HostFailure.NotRegistered(plugin)));
            case REGISTERED, TERMINATED, CRASHED -> {
                Transition t = new Transition(this, now);
                if (state == ProcessState.CRASHED) {
                    t.restarted();
                }
                yield t.launch(
                                switch (state) {
                                    case CRASHED -> "restart after crash";
                                    case TERMINATED -> "lazy restart";
                                    default -> "first request";
                                })
                        .step();
            }
            case LAUNCHING -> unchanged(new AwaitLaunch(incarnation));
            case READY ->
                new Transition(this, now)
                        .to(ProcessState.BUSY, "request dispatched")
                        .withInFlight(1)
                        .effect(new Send(incarnation))
                        .step();
            case BUSY -> new Step(withInFlight(inFlight + 1), List.of(new Send(incarnation)));
            case DISABLED -> unchanged(new Reject(disabled.orElseThrow()));
        };
    }

    private Step onHandshake(long which, Moment now) {
        if (current(which) && state == ProcessState.LAUNCHING) {
            return new Transition(this, now)
                    .to(ProcessState.READY, "handshake answered")
                    .idle(now)
                    .step();
        }
        if (current(which) && state.hasProcess()) {
            return unchanged(); // told twice: the process is already the live one
        }
        // A process nobody waits for any more (the host closed meanwhile, or a newer one exists): stop it.
        return unchanged(new ShutDown(which));
    }

    private Step onResponse(long which, Moment now) {
        if (!current(which) || state != ProcessState.BUSY) {
            return unchanged();
        }
        if (inFlight > 1) {
            return new Step(withInFlight(inFlight - 1), List.of());
        }
        return new Transition(this, now)
                .to(ProcessState.READY, "last response received")
                .withInFlight(0)
                .idle(now)
                .step();
    }

    private Step onIdleTimer(Moment now) {
        if (state != ProcessState.READY) {
            return unchanged();
        }
        var idleFor = now.since(lastActivity);
        if (idleFor.compareTo(policy.idleTimeout()) < 0) {
            return unchanged(new ScheduleIdleCheck(policy.idleTimeout().minus(idleFor)));
        }
        return new Transition(this, now)
                .to(ProcessState.TERMINATED, "idle for " + DurationText.format(policy.idleTimeout()))
                .effect(new ShutDown(incarnation))
                .step();
    }

    private Step onReset(Moment now) {
        Transition t = new Transition(this, now).forgetCrashes();
        if (state == ProcessState.DISABLED) {
            t.to(ProcessState.REGISTERED, "operator reset");
        }
        return t.step();
    }

    /** {@code announced}: told to ordinary subscribers too, whatever the state it leaves. */
    private Step crash(HostFailure failure, String reason, Moment now, boolean announced) {
        Transition t = new Transition(this, now)
                .to(ProcessState.CRASHED, reason, announced)
                .withInFlight(0)
                .crashed(failure)
                .effect(new Kill(incarnation, reason));
        return t.thresholdCheck().step();
    }

    private boolean current(long which) {
        return which == incarnation;
    }

    private Step unchanged(LifecycleEffect... effects) {
        return new Step(this, List.of(effects));
    }

    private Lifecycle withInFlight(int n) {
        return new Lifecycle(
                plugin,
                policy,
                state,
                incarnation,
                n,
                window,
                lastActivity,
                since,
                restarts,
                crashes,
                lastFailure,
                disabled);
    }

    /** Accumulates one step: field changes, transitions (each emitted) and effects, in order. */
    private static final class Transition {
        private final Moment now;
        private final List<LifecycleEffect> effects = new ArrayList<>();
        private Lifecycle l;

        Transition(Lifecycle from, Moment now) {
            this.l = from;
            this.now = now;
        }

        Transition to(ProcessState to, String reason) {
            return to(to, reason, false);
        }

        Transition to(ProcessState to, String reason, boolean announced) {
            StatusChange change = new StatusChange(l.plugin, l.state, to, reason, now.wall());
            effects.add(new Emit(announced ? change.announced() : change));
            Optional<HostFailure.Disabled> disabled = to == ProcessState.DISABLED
                    ? Optional.of(new HostFailure.Disabled(l.plugin, now.wall(), reason))
                    : Optional.empty();
            int inFlight = to == ProcessState.BUSY ? Math.max(1, l.inFlight) : 0;
            l = new Lifecycle(
                    l.plugin,
                    l.policy,
                    to,
                    l.incarnation,
                    inFlight,
                    l.window,
                    l.lastActivity,
                    now,
                    l.restarts,
                    l.crashes,
                    l.lastFailure,
                    disabled);
            return this;
        }

        Transition withInFlight(int n) {
            l = l.withInFlight(n);
            return this;
        }

        Transition launch(String reason) {
            long next = l.incarnation + 1;
            to(ProcessState.LAUNCHING, reason);
            l = new Lifecycle(
                    l.plugin,
                    l.policy,
                    l.state,
                    next,
                    0,
                    l.window,
                    l.lastActivity,
                    l.since,
                    l.restarts,
                    l.crashes,
                    l.lastFailure,
                    l.disabled);
            return effect(new Spawn(next));
        }

        Transition restarted() {
            l = new Lifecycle(
                    l.plugin,
                    l.policy,
                    l.state,
                    l.incarnation,
                    l.inFlight,
                    l.window,
                    l.lastActivity,
                    l.since,
                    l.restarts + 1,
                    l.crashes,
                    l.lastFailure,
                    l.disabled);
            return this;
        }

        Transition idle(Moment at) {
            l = new Lifecycle(
                    l.plugin,
                    l.policy,
                    l.state,
                    l.incarnation,
                    l.inFlight,
                    l.window,
                    at,
                    l.since,
                    l.restarts,
                    l.crashes,
                    l.lastFailure,
                    l.disabled);
            return effect(new ScheduleIdleCheck(l.policy.idleTimeout()));
        }

        Transition crashed(HostFailure failure) {
            l = new Lifecycle(
                    l.plugin,
                    l.policy,
                    l.state,
                    l.incarnation,
                    l.inFlight,
                    l.window.record(now.ticks()),
                    l.lastActivity,
                    l.since,
                    l.restarts,
                    l.crashes + 1,
                    Optional.of(failure),
                    l.disabled);
            return this;
        }

        Transition thresholdCheck() {
            if (l.window.reached()) {
                to(
                        ProcessState.DISABLED,
                        "crashed " + Plural.of(l.window.crashes().size(), "time") + " within "
                                + DurationText.format(l.window.span()) + "; last: "
                                + l.lastFailure.map(HostFailure::message).orElse("unknown"));
            }
            return this;
        }

        Transition forgetCrashes() {
            l = new Lifecycle(
                    l.plugin,
                    l.policy,
                    l.state,
                    l.incarnation,
                    l.inFlight,
                    l.window.cleared(),
                    l.lastActivity,
                    l.since,
                    l.restarts,
                    0,
                    l.lastFailure,
                    l.disabled);
            return this;
        }

        Transition effect(LifecycleEffect e) {
            effects.add(e);
            return this;
        }

        Step step() {
            return new Step(l, effects);
        }
    }
}
