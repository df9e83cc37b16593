package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.animus.core.LifecycleEffect.Emit;
import dev.animus.core.LifecycleEffect.Kill;
import dev.animus.core.LifecycleTrigger.HandshakeAnswered;
import dev.animus.core.LifecycleTrigger.LaunchFailed;
import dev.animus.core.LifecycleTrigger.RequestArrived;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * One plugin's lifecycle driven by a test on a fake clock: applies triggers at the clock's now,
 * keeps the lifecycle after each step and every event emitted, and walks to common states. Not
 * thread-safe: one test drives it.
 */
final class LifecycleDriver {
    static final String PLUGIN = "echo";
    static final Duration IDLE = LifecyclePolicy.DEFAULT_IDLE;
    static final HostFailure LAUNCH_TIMEOUT = new HostFailure.Timeout("initialize", Duration.ofSeconds(2));
    static final HostFailure EXIT_3 = new HostFailure.ProcessExited(OptionalInt.of(3), List.of("boom"));

    private final FakeClock clock = new FakeClock();
    private final List<StatusChange> emitted = new ArrayList<>();
    private Lifecycle lifecycle;

    private LifecycleDriver(LifecyclePolicy policy, boolean discovered) {
        lifecycle = discovered
                ? Lifecycle.discovered(PLUGIN, policy, clock.now())
                : Lifecycle.registered(PLUGIN, policy, clock.now());
    }

    /** A registered plugin with {@code policy}. */
    static LifecycleDriver registered(LifecyclePolicy policy) {
        return new LifecycleDriver(policy, false);
    }

    /** A registered plugin with the default policy. */
    static LifecycleDriver registered() {
        return registered(LifecyclePolicy.defaults());
    }

    /** A plugin found by discovery, manifest not validated yet, with the default policy. */
    static LifecycleDriver discovered() {
        return new LifecycleDriver(LifecyclePolicy.defaults(), true);
    }

    Lifecycle lifecycle() {
        return lifecycle;
    }

    FakeClock clock() {
        return clock;
    }

    /** Every event emitted so far, oldest first. */
    List<StatusChange> emitted() {
        return List.copyOf(emitted);
    }

    /** Applies {@code trigger} now. */
    Step on(LifecycleTrigger trigger) {
        Step step = lifecycle.on(trigger, clock.now());
        lifecycle = step.next();
        emitted.addAll(step.changes());
        return step;
    }

    /** From Registered, Terminated or Crashed: a request launches the next incarnation. */
    void launch() {
        on(new RequestArrived());
        assertEquals(ProcessState.LAUNCHING, lifecycle.state());
    }

    /** From Registered, Terminated or Crashed: launch and answer the handshake. */
    void ready() {
        launch();
        on(new HandshakeAnswered(lifecycle.incarnation()));
        assertEquals(ProcessState.READY, lifecycle.state());
    }

    /** From Ready or Busy: dispatch {@code requests} requests. */
    void busy(int requests) {
        for (int i = 0; i < requests; i++) {
            on(new RequestArrived());
        }
        assertEquals(ProcessState.BUSY, lifecycle.state());
    }

    /** From Registered, Terminated or Crashed: launch, and time the launch out. */
    Step crashAtLaunch() {
        launch();
        return on(new LaunchFailed(lifecycle.incarnation(), LAUNCH_TIMEOUT));
    }

    /** From Registered: to Launching, Ready or Busy (two requests in flight). */
    void driveTo(ProcessState state) {
        switch (state) {
            case LAUNCHING -> launch();
            case READY -> ready();
            case BUSY -> {
                ready();
                busy(2);
            }
            default -> throw new IllegalArgumentException(state.name());
        }
    }

    /** The transitions of a step as {@code "from -> to"}, in order. */
    static List<String> transitions(Step step) {
        return step.changes().stream()
                .map(c -> c.from().word() + " -> " + c.to().word())
                .toList();
    }

    /**
     * The effects of a step other than events, in order. Kill reasons are free text for people, so
     * they are blanked here and effects compare by what they do; see {@link #kill}.
     */
    static List<LifecycleEffect> actions(Step step) {
        return step.effects().stream()
                .filter(e -> !(e instanceof Emit))
                .map(e -> e instanceof Kill k ? kill(k.incarnation()) : e)
                .toList();
    }

    /** A kill of {@code incarnation} as {@link #actions} shows it. */
    static Kill kill(long incarnation) {
        return new Kill(incarnation, "");
    }

    /** The one kill of a step, with its reason. */
    static Kill killOf(Step step) {
        List<Kill> kills = step.effects().stream()
                .flatMap(e -> e instanceof Kill k ? Stream.of(k) : Stream.empty())
                .toList();
        assertEquals(1, kills.size(), "kills: " + kills);
        return kills.getFirst();
    }

    static void assertStep(Step step, List<String> transitions, LifecycleEffect... actions) {
        assertEquals(transitions, transitions(step), "transitions");
        assertEquals(List.of(actions), actions(step), "effects");
    }

    static void assertUnchanged(Lifecycle before, Step step, LifecycleEffect... effects) {
        assertEquals(before, step.next(), "the lifecycle must not change");
        assertEquals(List.of(effects), step.effects(), "effects");
    }
}
