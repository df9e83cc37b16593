package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lifecycle against a reference model of docs/lifecycle.md#process-lifecycle, over random
 * trigger sequences (stale incarnations, random failures, time jumps of 0 to 3 minutes). Every
 * assertion names its seed and step; {@code run(seed)} replays a failure exactly.
 */
class LifecyclePropertyTest {
    private static final int SEEDS = 300;
    private static final String PLUGIN = "prop";
    private static final Set<ProcessState> NOTABLE_FROM =
            EnumSet.of(ProcessState.READY, ProcessState.CRASHED, ProcessState.DISABLED);

    /**
     * The transitions of docs/lifecycle.md#process-lifecycle, plus the two the design leaves
     * implicit: an operator reset re-registers a disabled plugin, and a closing host terminates a
     * launching or busy plugin.
     */
    private static final Set<String> DESIGN = Set.of(
            "DISCOVERED->REGISTERED",
            "REGISTERED->LAUNCHING",
            "LAUNCHING->READY",
            "LAUNCHING->CRASHED",
            "READY->BUSY",
            "BUSY->READY",
            "BUSY->CRASHED",
            "READY->TERMINATED",
            "READY->CRASHED",
            "CRASHED->LAUNCHING",
            "CRASHED->DISABLED",
            "TERMINATED->LAUNCHING",
            "DISABLED->REGISTERED",
            "LAUNCHING->TERMINATED",
            "BUSY->TERMINATED");

    static LongStream seeds() {
        return LongStream.range(0, SEEDS);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theLifecycleBehavesLikeTheDesignModel(long seed) {
        run(seed);
    }

    @Test
    void theGeneratorReachesEveryTransitionOfTheDesign() {
        Set<String> seen = new HashSet<>();
        int disabledRuns = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            List<String> emitted = run(seed);
            seen.addAll(emitted);
            disabledRuns += emitted.contains("CRASHED->DISABLED") ? 1 : 0;
        }
        assertEquals(DESIGN, seen);
        assertTrue(disabledRuns >= SEEDS / 10, "only " + disabledRuns + " runs reached Disabled");
    }

    /** Drives the lifecycle and the model with one seed's sequence; returns the transitions emitted. */
    private static List<String> run(long seed) {
        Random random = new Random(seed);
        LifecyclePolicy policy = policy(random);
        FakeClock clock = new FakeClock(random.nextLong(-1_000_000_000_000_000L, 1_000_000_000_000_000L));
        boolean discovered = random.nextBoolean();
        Lifecycle lifecycle = discovered
                ? Lifecycle.discovered(PLUGIN, policy, clock.now())
                : Lifecycle.registered(PLUGIN, policy, clock.now());
        Model model = new Model(policy, discovered ? ProcessState.DISCOVERED : ProcessState.REGISTERED);
        List<String> emitted = new ArrayList<>();
        long lastSpawn = 0;
        int steps = 1 + random.nextInt(200);
        for (int i = 0; i < steps; i++) {
            Moment now = clock.advance(advance(random));
            LifecycleTrigger trigger = trigger(random, model);
            String at = "seed " + seed + ", step " + i + " (" + trigger + ", policy " + policy + "): ";

            Lifecycle before = lifecycle;
            Step step = lifecycle.on(trigger, now);
            lifecycle = step.next();
            model.on(trigger, now);

            List<String> transitions =
                    step.changes().stream().map(c -> c.from() + "->" + c.to()).toList();
            emitted.addAll(transitions);
            assertEquals(model.state, lifecycle.state(), at + "state");
            assertEquals(model.incarnation, lifecycle.incarnation(), at + "incarnation");
            assertEquals(model.inFlight, lifecycle.inFlight(), at + "in flight");
            assertEquals(model.crashesWithin(now), lifecycle.crashesInWindow(now), at + "crashes in window");
            assertEquals(model.crashes.size(), lifecycle.crashes(), at + "crashes since reset");
            assertEquals(model.restarts, lifecycle.restarts(), at + "restarts");
            assertEquals(model.transitions, transitions, at + "transitions");
            assertEquals(
                    model.effects.stream().sorted().toList(),
                    step.effects().stream()
                            .filter(e -> !(e instanceof Emit))
                            .map(Model::describe)
                            .sorted()
                            .toList(),
                    at + "effects");

            assertEquals(lifecycle.inFlight() > 0, lifecycle.state() == ProcessState.BUSY, at + "in flight iff busy");
            assertChainOfEvents(at, before, step, now);
            for (LifecycleEffect e : step.effects()) {
                if (e instanceof Spawn(long n)) {
                    assertTrue(n > lastSpawn && n == lifecycle.incarnation(), at + "stale spawn " + n);
                    lastSpawn = n;
                }
            }
            if (lifecycle.state() == ProcessState.DISABLED) {
                assertTrue(lifecycle.window().crashes().size() >= policy.crashLimit(), at + "disabled below limit");
                if (before.state() != ProcessState.DISABLED) {
                    assertTrue(lifecycle.crashesInWindow(now) >= policy.crashLimit(), at + "disabled below limit");
                }
            }
            if (before.state() == ProcessState.DISABLED && lifecycle.state() != ProcessState.DISABLED) {
                assertTrue(trigger instanceof OperatorReset, at + "left Disabled without a reset");
            }
        }
        return emitted;
    }

    /** Each step's events chain from the old state to the new one, are of the design and stamped now. */
    private static void assertChainOfEvents(String at, Lifecycle before, Step step, Moment now) {
        ProcessState expectedFrom = before.state();
        for (StatusChange c : step.changes()) {
            assertEquals(expectedFrom, c.from(), at + "event chain");
            assertTrue(DESIGN.contains(c.from() + "->" + c.to()), at + "not a transition of the design: " + c);
            assertEquals(NOTABLE_FROM.contains(c.from()), c.notable(), at + "notable " + c);
            assertEquals(now.wall(), c.at(), at + "event time");
            assertEquals(PLUGIN, c.plugin(), at + "event plugin");
            expectedFrom = c.to();
        }
        assertEquals(expectedFrom, step.next().state(), at + "last event leads to the new state");
    }

    private static LifecyclePolicy policy(Random random) {
        if (random.nextInt(10) < 6) {
            return LifecyclePolicy.defaults();
        }
        List<Duration> spans = List.of(Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(5));
        List<Duration> idles = List.of(Duration.ofSeconds(10), Duration.ofMinutes(1), Duration.ofMinutes(5));
        return new LifecyclePolicy(
                1 + random.nextInt(5),
                spans.get(random.nextInt(spans.size())),
                idles.get(random.nextInt(idles.size())));
    }

    /** Mostly no or little time, sometimes up to 3 minutes, sometimes whole minutes (window edges). */
    private static Duration advance(Random random) {
        int kind = random.nextInt(20);
        if (kind < 8) {
            return Duration.ZERO;
        }
        if (kind < 15) {
            return Duration.ofMillis(random.nextInt(10_000));
        }
        if (kind < 18) {
            return Duration.ofMillis(random.nextInt(180_001));
        }
        return Duration.ofMinutes(1 + random.nextInt(3));
    }

    private static LifecycleTrigger trigger(Random random, Model model) {
        long current = model.incarnation;
        // Mostly the current process; sometimes an earlier one, whose reports are stale.
        long inc = current > 0 && random.nextInt(5) == 0 ? random.nextLong(current) : current;
        int roll = random.nextInt(100);
        if (roll < 33) {
            return new RequestArrived();
        }
        if (roll < 45) {
            // A second handshake from the running process does not happen; its semantics are not tested here.
            boolean running = model.state == ProcessState.READY || model.state == ProcessState.BUSY;
            return new HandshakeAnswered(running && inc == current ? random.nextLong(current) : inc);
        }
        if (roll < 59) {
            return new ResponseReceived(inc);
        }
        if (roll < 66) {
            return new LaunchFailed(inc, failure(random));
        }
        if (roll < 73) {
            return new ProcessExited(inc, failure(random));
        }
        if (roll < 79) {
            return new RequestTimedOut(
                    inc, random.nextBoolean() ? "echo" : "agent/run", Duration.ofSeconds(1 + random.nextInt(60)));
        }
        if (roll < 91) {
            return new IdleTimerFired();
        }
        if (roll < 94) {
            return new OperatorReset();
        }
        if (roll < 97) {
            return new HostClosing();
        }
        return new ManifestValidated();
    }

    private static HostFailure failure(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> new HostFailure.Timeout("initialize", Duration.ofSeconds(2));
            case 1 -> new HostFailure.ProcessExited(OptionalInt.of(random.nextInt(256)), List.of("panic"));
            case 2 -> new HostFailure.ConnectionLost("plugin prop closed its stdout", OptionalInt.empty(), List.of());
            case 3 -> new HostFailure.SpawnFailed("cannot run /plugins/prop: permission denied");
            default -> new HostFailure.IncompatibleProtocol("plugin speaks protocol 2, host speaks 1");
        };
    }

    /**
     * docs/lifecycle.md#process-lifecycle written down plainly from the design, with mutable
     * fields. It keeps every crash time and counts the window on demand (an entry exactly one span
     * old counts: "drop entries older than" the span).
     */
    private static final class Model {
        final int limit;
        final Duration span;
        final Duration idle;
        ProcessState state;
        long incarnation;
        int inFlight;
        int restarts;
        long idleSince;
        Instant disabledSince = Instant.EPOCH;
        final List<Long> crashes = new ArrayList<>();
        final List<String> transitions = new ArrayList<>();
        final List<String> effects = new ArrayList<>();

        Model(LifecyclePolicy policy, ProcessState start) {
            this.limit = policy.crashLimit();
            this.span = policy.crashSpan();
            this.idle = policy.idleTimeout();
            this.state = start;
        }

        int crashesWithin(Moment now) {
            return (int) crashes.stream()
                    .filter(t -> now.ticks() - t <= span.toNanos())
                    .count();
        }

        void on(LifecycleTrigger trigger, Moment now) {
            transitions.clear();
            effects.clear();
            switch (trigger) {
                case ManifestValidated m -> {
                    if (state == ProcessState.DISCOVERED) {
                        go(ProcessState.REGISTERED);
                    }
                }
                case RequestArrived r -> request(now);
                case HandshakeAnswered h -> {
                    if (h.incarnation() == incarnation && state == ProcessState.LAUNCHING) {
                        go(ProcessState.READY);
                        becameIdle(now);
                    } else {
                        effects.add("ShutDown(" + h.incarnation() + ")");
                    }
                }
                case LaunchFailed f -> {
                    if (f.incarnation() == incarnation && state == ProcessState.LAUNCHING) {
                        crash(now);
                    }
                }
                case ResponseReceived r -> {
                    if (r.incarnation() == incarnation && state == ProcessState.BUSY) {
                        inFlight--;
                        if (inFlight == 0) {
                            go(ProcessState.READY);
                            becameIdle(now);
                        }
                    }
                }
                case RequestTimedOut t -> {
                    if (t.incarnation() == incarnation && state == ProcessState.BUSY) {
                        crash(now);
                    }
                }
                case ProcessExited e -> {
                    if (e.incarnation() == incarnation && running()) {
                        crash(now);
                    }
                }
                case IdleTimerFired i -> {
                    if (state == ProcessState.READY) {
                        Duration idleFor = Duration.ofNanos(now.ticks() - idleSince);
                        if (idleFor.compareTo(idle) >= 0) {
                            go(ProcessState.TERMINATED);
                            effects.add("ShutDown(" + incarnation + ")");
                        } else {
                            effects.add("ScheduleIdleCheck(" + idle.minus(idleFor) + ")");
                        }
                    }
                }
                case OperatorReset r -> {
                    crashes.clear();
                    if (state == ProcessState.DISABLED) {
                        go(ProcessState.REGISTERED);
                    }
                }
                case HostClosing c -> {
                    if (running()) {
                        go(ProcessState.TERMINATED);
                        inFlight = 0;
                        effects.add("ShutDown(" + incarnation + ")");
                    }
                }
            }
        }

        private void request(Moment now) {
            switch (state) {
                case DISCOVERED -> effects.add("Reject(NotRegistered)");
                case REGISTERED, TERMINATED, CRASHED -> {
                    if (state == ProcessState.CRASHED) {
                        restarts++;
                    }
                    incarnation++;
                    go(ProcessState.LAUNCHING);
                    effects.add("Spawn(" + incarnation + ")");
                }
                case LAUNCHING -> effects.add("AwaitLaunch(" + incarnation + ")");
                case READY -> {
                    go(ProcessState.BUSY);
                    inFlight = 1;
                    effects.add("Send(" + incarnation + ")");
                }
                case BUSY -> {
                    inFlight++;
                    effects.add("Send(" + incarnation + ")");
                }
                case DISABLED -> effects.add("Reject(Disabled since " + disabledSince + ")");
            }
        }

        private boolean running() {
            return state == ProcessState.LAUNCHING || state == ProcessState.READY || state == ProcessState.BUSY;
        }

        private void becameIdle(Moment now) {
            idleSince = now.ticks();
            effects.add("ScheduleIdleCheck(" + idle + ")");
        }

        private void crash(Moment now) {
            go(ProcessState.CRASHED);
            inFlight = 0;
            effects.add("Kill(" + incarnation + ")");
            crashes.add(now.ticks());
            if (crashesWithin(now) >= limit) {
                go(ProcessState.DISABLED);
                disabledSince = now.wall();
            }
        }

        private void go(ProcessState to) {
            transitions.add(state + "->" + to);
            state = to;
        }

        /** The real effect in the model's words. */
        static String describe(LifecycleEffect effect) {
            return switch (effect) {
                case Spawn(long n) -> "Spawn(" + n + ")";
                case Send(long n) -> "Send(" + n + ")";
                case AwaitLaunch(long n) -> "AwaitLaunch(" + n + ")";
                case Kill(long n, String reason) -> "Kill(" + n + ")";
                case ShutDown(long n) -> "ShutDown(" + n + ")";
                case ScheduleIdleCheck(Duration d) -> "ScheduleIdleCheck(" + d + ")";
                case Reject(HostFailure.Disabled d) -> "Reject(Disabled since " + d.since() + ")";
                case Reject(HostFailure f) -> "Reject(" + f.getClass().getSimpleName() + ")";
                case Emit(StatusChange c) -> "Emit(" + c.from() + "->" + c.to() + ")";
            };
        }
    }
}
