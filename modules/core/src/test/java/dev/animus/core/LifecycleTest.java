package dev.animus.core;

import static dev.animus.core.LifecycleDriver.EXIT_3;
import static dev.animus.core.LifecycleDriver.IDLE;
import static dev.animus.core.LifecycleDriver.LAUNCH_TIMEOUT;
import static dev.animus.core.LifecycleDriver.PLUGIN;
import static dev.animus.core.LifecycleDriver.actions;
import static dev.animus.core.LifecycleDriver.assertStep;
import static dev.animus.core.LifecycleDriver.assertUnchanged;
import static dev.animus.core.LifecycleDriver.kill;
import static dev.animus.core.LifecycleDriver.killOf;
import static dev.animus.core.LifecycleDriver.transitions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.LifecycleEffect.AwaitLaunch;
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
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The process lifecycle of docs/lifecycle.md#process-lifecycle, transition by transition, on a fake
 * clock.
 */
class LifecycleTest {
    private LifecycleDriver plugin = LifecycleDriver.registered();

    @Nested
    class Registration {

        @Test
        void aDiscoveredPluginIsRegisteredOnceItsManifestIsValidated() {
            plugin = LifecycleDriver.discovered();
            Step step = plugin.on(new ManifestValidated());
            assertStep(step, List.of("discovered -> registered"));
            assertEquals(ProcessState.REGISTERED, plugin.lifecycle().state());
            assertEquals(0, plugin.lifecycle().incarnation());
            assertFalse(step.changes().getFirst().notable());
        }

        @Test
        void aRequestBeforeTheManifestIsValidatedIsRejectedAsNotRegistered() {
            plugin = LifecycleDriver.discovered();
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new RequestArrived()), new Reject(new HostFailure.NotRegistered(PLUGIN)));
        }

        @Test
        void validatingTheManifestAgainChangesNothing() {
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new ManifestValidated()));
            plugin.ready();
            before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new ManifestValidated()));
        }
    }

    @Nested
    class Launching {

        @Test
        void theFirstRequestSpawnsIncarnationOne() {
            Step step = plugin.on(new RequestArrived());
            assertStep(step, List.of("registered -> launching"), new Spawn(1));
            assertEquals(ProcessState.LAUNCHING, plugin.lifecycle().state());
            assertEquals(1, plugin.lifecycle().incarnation());
            assertEquals(0, plugin.lifecycle().inFlight());
            assertEquals(0, plugin.lifecycle().restarts());
        }

        @Test
        void aRequestDuringTheLaunchWaitsForItInsteadOfSpawningAgain() {
            plugin.launch();
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new RequestArrived()), new AwaitLaunch(1));
            assertUnchanged(before, plugin.on(new RequestArrived()), new AwaitLaunch(1));
        }

        @Test
        void theHandshakeMakesThePluginReadyAndSchedulesTheIdleCheck() {
            plugin.launch();
            plugin.clock().advance(Duration.ofMillis(300));
            Step step = plugin.on(new HandshakeAnswered(1));
            assertStep(step, List.of("launching -> ready"), new ScheduleIdleCheck(IDLE));
            assertEquals(plugin.clock().now(), plugin.lifecycle().lastActivity());
            assertEquals(plugin.clock().now(), plugin.lifecycle().since());
        }

        @Test
        void theLaunchTimeoutCrashesThePluginAndKillsTheProcess() {
            plugin.launch();
            plugin.clock().advance(Duration.ofSeconds(2));
            Step step = plugin.on(new LaunchFailed(1, LAUNCH_TIMEOUT));
            assertEquals(List.of("launching -> crashed"), transitions(step));
            assertEquals(List.of(kill(1)), actions(step));
            Kill kill = killOf(step);
            assertTrue(kill.reason().contains("initialize") && kill.reason().contains("2s"), kill.reason());
            assertEquals(ProcessState.CRASHED, plugin.lifecycle().state());
            assertEquals(LAUNCH_TIMEOUT, plugin.lifecycle().lastFailure().orElseThrow());
            assertEquals(1, plugin.lifecycle().crashesInWindow(plugin.clock().now()));
        }

        @Test
        void theProcessExitingDuringTheLaunchCrashesThePlugin() {
            plugin.launch();
            Step step = plugin.on(new ProcessExited(1, EXIT_3));
            assertStep(step, List.of("launching -> crashed"), kill(1));
            assertEquals(EXIT_3, plugin.lifecycle().lastFailure().orElseThrow());
        }

        @Test
        void aSpawnTheOsRefusedCountsAsACrash() {
            plugin.launch();
            Step step = plugin.on(new LaunchFailed(1, new HostFailure.SpawnFailed("no such file: /bin/echo-plugin")));
            assertEquals(List.of("launching -> crashed"), transitions(step));
            assertEquals(1, plugin.lifecycle().crashes());
        }

        @Test
        void aFailureReportedForAnEarlierLaunchChangesNothing() {
            plugin.crashAtLaunch();
            plugin.launch();
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new LaunchFailed(1, LAUNCH_TIMEOUT)));
            assertEquals(2, plugin.lifecycle().incarnation());
        }
    }

    @Nested
    class Requests {

        @Test
        void aRequestToAReadyPluginIsSentAndMakesItBusy() {
            plugin.ready();
            Step step = plugin.on(new RequestArrived());
            assertStep(step, List.of("ready -> busy"), new Send(1));
            assertEquals(1, plugin.lifecycle().inFlight());
        }

        @Test
        void requestsArePipelinedAndThePluginIsBusyUntilTheLastResponse() {
            plugin.ready();
            List<Step> sends = List.of(
                    plugin.on(new RequestArrived()), plugin.on(new RequestArrived()), plugin.on(new RequestArrived()));
            assertStep(sends.get(0), List.of("ready -> busy"), new Send(1));
            assertStep(sends.get(1), List.of(), new Send(1));
            assertStep(sends.get(2), List.of(), new Send(1));
            assertEquals(3, plugin.lifecycle().inFlight());

            assertStep(plugin.on(new ResponseReceived(1)), List.of());
            assertEquals(ProcessState.BUSY, plugin.lifecycle().state());
            assertEquals(2, plugin.lifecycle().inFlight());
            assertStep(plugin.on(new ResponseReceived(1)), List.of());
            assertEquals(1, plugin.lifecycle().inFlight());

            plugin.clock().advance(Duration.ofSeconds(1));
            assertStep(plugin.on(new ResponseReceived(1)), List.of("busy -> ready"), new ScheduleIdleCheck(IDLE));
            assertEquals(0, plugin.lifecycle().inFlight());
            assertEquals(plugin.clock().now(), plugin.lifecycle().lastActivity());
        }

        @Test
        void aResponseWithNothingInFlightChangesNothing() {
            plugin.ready();
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new ResponseReceived(1)));
        }

        @Test
        void aTimedOutRequestCrashesTheBusyPluginAndKillsThatIncarnation() {
            plugin.crashAtLaunch();
            plugin.ready();
            plugin.busy(2);
            plugin.clock().advance(Duration.ofMinutes(30));
            Step step = plugin.on(new RequestTimedOut(2, "agent/run", Duration.ofMinutes(30)));
            assertEquals(List.of("busy -> crashed"), transitions(step));
            assertEquals(List.of(kill(2)), actions(step));
            Kill kill = killOf(step);
            assertTrue(kill.reason().contains("agent/run") && kill.reason().contains("30m"), kill.reason());
            assertEquals(0, plugin.lifecycle().inFlight());
            assertEquals(
                    new HostFailure.Timeout("agent/run", Duration.ofMinutes(30)),
                    plugin.lifecycle().lastFailure().orElseThrow());
            assertEquals(
                    1, plugin.lifecycle().crashesInWindow(plugin.clock().now()), "the launch crash is 30 minutes old");
            assertEquals(2, plugin.lifecycle().crashes());
        }

        @Test
        void theTimeoutOfACancelledRequestCrashesThePluginAndTellsOrdinarySubscribersWhy() {
            plugin.ready();
            plugin.busy(1);
            Step step = plugin.on(new RequestTimedOut(1, "sleep", Duration.ofSeconds(2), true));
            assertEquals(List.of("busy -> crashed"), transitions(step));
            assertEquals(List.of(kill(1)), actions(step));
            StatusChange crash = step.changes().getFirst();
            assertEquals(
                    "sleep was cancelled but ran past its 2s deadline; the host killed the process", crash.reason());
            assertTrue(crash.notable(), "no caller hears of it: the crash is news");
            LifecycleDriver other = LifecycleDriver.registered();
            other.ready();
            other.busy(1);
            Step waited = other.on(new RequestTimedOut(1, "sleep", Duration.ofSeconds(2)));
            assertFalse(waited.changes().getFirst().notable(), "its caller hears of it: no need to tell others");
        }

        @Test
        void aTimeoutWhileNothingIsInFlightChangesNothing() {
            plugin.ready();
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new RequestTimedOut(1, "echo", Duration.ofSeconds(30))));
        }

        @Test
        void theProcessExitingWhileBusyCrashesThePlugin() {
            plugin.ready();
            plugin.busy(3);
            Step step = plugin.on(new ProcessExited(1, EXIT_3));
            assertStep(step, List.of("busy -> crashed"), kill(1));
            assertEquals(0, plugin.lifecycle().inFlight());
            assertTrue(
                    step.changes().getFirst().reason().contains("code 3"),
                    step.changes().getFirst().reason());
        }

        @Test
        void theProcessExitingWhileIdleCrashesThePlugin() {
            plugin.ready();
            Step step = plugin.on(new ProcessExited(1, EXIT_3));
            assertStep(step, List.of("ready -> crashed"), kill(1));
            assertTrue(step.changes().getFirst().notable());
        }
    }

    @Nested
    class IdleTimeout {

        @Test
        void aReadyPluginIsShutDownGracefullyAfterTheIdleTimeout() {
            plugin.ready();
            plugin.clock().advance(IDLE);
            Step step = plugin.on(new IdleTimerFired());
            assertStep(step, List.of("ready -> terminated"), new ShutDown(1));
            assertTrue(step.changes().getFirst().notable());
            assertFalse(plugin.lifecycle().state().hasProcess());
        }

        @Test
        void aTimerFiringEarlyIsScheduledAgainForTheRemainingTime() {
            plugin.ready();
            plugin.clock().advance(Duration.ofMinutes(2));
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new IdleTimerFired()), new ScheduleIdleCheck(Duration.ofMinutes(3)));
        }

        @Test
        void activityStartsTheIdleTimeoutAgain() {
            plugin.ready();
            plugin.clock().advance(Duration.ofMinutes(4));
            plugin.on(new RequestArrived());
            plugin.clock().advance(Duration.ofSeconds(10));
            plugin.on(new ResponseReceived(1));
            plugin.clock().advance(Duration.ofSeconds(50));
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new IdleTimerFired()), new ScheduleIdleCheck(Duration.ofSeconds(250)));
            plugin.clock().advance(Duration.ofSeconds(249));
            before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new IdleTimerFired()), new ScheduleIdleCheck(Duration.ofSeconds(1)));
            plugin.clock().advance(Duration.ofSeconds(1));
            assertStep(plugin.on(new IdleTimerFired()), List.of("ready -> terminated"), new ShutDown(1));
        }

        @Test
        void theTimerFiringWhileBusyChangesNothing() {
            plugin.ready();
            plugin.busy(1);
            plugin.clock().advance(IDLE.multipliedBy(2));
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new IdleTimerFired()));
        }

        @Test
        void theIdleTimeoutComesFromThePolicy() {
            plugin = LifecycleDriver.registered(LifecyclePolicy.defaults().withIdleTimeout(Duration.ofSeconds(30)));
            plugin.launch();
            assertStep(
                    plugin.on(new HandshakeAnswered(1)),
                    List.of("launching -> ready"),
                    new ScheduleIdleCheck(Duration.ofSeconds(30)));
            plugin.clock().advance(Duration.ofSeconds(30));
            assertStep(plugin.on(new IdleTimerFired()), List.of("ready -> terminated"), new ShutDown(1));
        }

        @Test
        void aTerminatedPluginIsRelaunchedAsANewIncarnationOnTheNextRequest() {
            plugin.ready();
            plugin.clock().advance(IDLE);
            plugin.on(new IdleTimerFired());
            Step step = plugin.on(new RequestArrived());
            assertStep(step, List.of("terminated -> launching"), new Spawn(2));
            assertEquals(2, plugin.lifecycle().incarnation());
            assertEquals(0, plugin.lifecycle().restarts(), "a lazy relaunch is not a restart after a crash");
            assertFalse(step.changes().getFirst().notable());
        }
    }

    @Nested
    class HostClosingDown {

        @ParameterizedTest
        @EnumSource(names = {"LAUNCHING", "READY", "BUSY"})
        void aRunningProcessIsShutDownGracefullyAndThePluginTerminated(ProcessState state) {
            plugin.driveTo(state);
            Step step = plugin.on(new HostClosing());
            assertStep(step, List.of(state.word() + " -> terminated"), new ShutDown(1));
            assertEquals(0, plugin.lifecycle().inFlight());
        }

        @Test
        void aHandshakeThatArrivesAfterTheHostClosedShutsThatProcessDown() {
            plugin.launch();
            plugin.on(new HostClosing());
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new HandshakeAnswered(1)), new ShutDown(1));
            assertEquals(ProcessState.TERMINATED, plugin.lifecycle().state());
        }

        @Test
        void withoutAProcessThereIsNothingToShutDown() {
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new HostClosing()));
            plugin.crashAtLaunch();
            before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new HostClosing()));
        }
    }

    @Nested
    class Events {

        private static final Set<ProcessState> NOTABLE_FROM =
                EnumSet.of(ProcessState.READY, ProcessState.CRASHED, ProcessState.DISABLED);

        @Test
        void onlyTransitionsOutOfReadyCrashedAndDisabledAreNotable() {
            for (ProcessState from : ProcessState.values()) {
                for (ProcessState to : ProcessState.values()) {
                    var change = new StatusChange(
                            PLUGIN, from, to, "test", plugin.clock().now().wall());
                    assertEquals(NOTABLE_FROM.contains(from), change.notable(), from + " -> " + to);
                }
            }
        }

        @Test
        void aTourOfEveryTransitionEmitsThemInOrderAndMarksTheNotableOnes() {
            plugin = LifecycleDriver.discovered();
            plugin.on(new ManifestValidated());
            plugin.ready();
            plugin.busy(1);
            plugin.on(new ResponseReceived(1));
            plugin.clock().advance(IDLE);
            plugin.on(new IdleTimerFired());
            plugin.on(new RequestArrived());
            plugin.on(new LaunchFailed(2, LAUNCH_TIMEOUT));
            plugin.ready();
            plugin.on(new ProcessExited(3, EXIT_3));
            plugin.ready();
            plugin.busy(1);
            plugin.on(new ProcessExited(4, EXIT_3));
            plugin.ready();
            plugin.busy(1);
            plugin.on(new RequestTimedOut(5, "echo", Duration.ofSeconds(30)));
            plugin.crashAtLaunch();
            plugin.on(new OperatorReset());

            List<String> expected = List.of(
                    "discovered -> registered",
                    "registered -> launching",
                    "launching -> ready",
                    "ready -> busy",
                    "busy -> ready",
                    "ready -> terminated",
                    "terminated -> launching",
                    "launching -> crashed",
                    "crashed -> launching",
                    "launching -> ready",
                    "ready -> crashed",
                    "crashed -> launching",
                    "launching -> ready",
                    "ready -> busy",
                    "busy -> crashed",
                    "crashed -> launching",
                    "launching -> ready",
                    "ready -> busy",
                    "busy -> crashed",
                    "crashed -> launching",
                    "launching -> crashed",
                    "crashed -> disabled",
                    "disabled -> registered");
            assertEquals(
                    expected,
                    plugin.emitted().stream()
                            .map(c -> c.from().word() + " -> " + c.to().word())
                            .toList());
            for (StatusChange c : plugin.emitted()) {
                assertEquals(NOTABLE_FROM.contains(c.from()), c.notable(), c.toString());
                assertEquals(PLUGIN, c.plugin());
                assertFalse(c.reason().isBlank(), c.toString());
            }
        }

        @Test
        void anEventCarriesTheWallTimeOfItsTransition() {
            plugin.clock().advance(Duration.ofHours(3));
            Step step = plugin.on(new RequestArrived());
            assertEquals(plugin.clock().now().wall(), step.changes().getFirst().at());
        }

        @Test
        void stepsWithoutATransitionEmitNothing() {
            plugin.ready();
            plugin.busy(1);
            assertEquals(List.of(), plugin.on(new RequestArrived()).changes());
            assertEquals(List.of(), plugin.on(new ResponseReceived(1)).changes());
            assertEquals(List.of(), plugin.on(new IdleTimerFired()).changes());
        }
    }
}
