package dev.animus.core;

import static dev.animus.core.LifecycleDriver.EXIT_3;
import static dev.animus.core.LifecycleDriver.LAUNCH_TIMEOUT;
import static dev.animus.core.LifecycleDriver.PLUGIN;
import static dev.animus.core.LifecycleDriver.actions;
import static dev.animus.core.LifecycleDriver.assertStep;
import static dev.animus.core.LifecycleDriver.assertUnchanged;
import static dev.animus.core.LifecycleDriver.kill;
import static dev.animus.core.LifecycleDriver.transitions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.LifecycleEffect.Reject;
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
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The crash side of the process lifecycle (docs/lifecycle.md#process-lifecycle): restarts, the
 * crash threshold, Disabled and the operator reset, and reports about processes that are gone.
 */
class LifecycleCrashTest {
    private LifecycleDriver plugin = LifecycleDriver.registered();

    @Nested
    class Crashes {

        @Test
        void aCrashedPluginIsRestartedOnTheNextRequestAndTheRestartIsCounted() {
            plugin.crashAtLaunch();
            Step step = plugin.on(new RequestArrived());
            assertStep(step, List.of("crashed -> launching"), new Spawn(2));
            assertEquals(1, plugin.lifecycle().restarts());
            plugin.on(new HandshakeAnswered(2));
            plugin.on(new ProcessExited(2, EXIT_3));
            plugin.on(new RequestArrived());
            assertEquals(2, plugin.lifecycle().restarts());
            assertEquals(3, plugin.lifecycle().incarnation());
        }

        @Test
        void theFifthCrashWithinFiveMinutesDisablesThePlugin() {
            for (int i = 0; i < 4; i++) {
                assertEquals(List.of("launching -> crashed"), transitions(plugin.crashAtLaunch()), "crash " + (i + 1));
                plugin.clock().advance(Duration.ofMinutes(1));
            }
            Step fifth = plugin.crashAtLaunch();
            assertEquals(List.of("launching -> crashed", "crashed -> disabled"), transitions(fifth));
            assertEquals(List.of(kill(5)), actions(fifth));
            assertEquals(ProcessState.DISABLED, plugin.lifecycle().state());
            assertEquals(5, plugin.lifecycle().crashesInWindow(plugin.clock().now()));
            assertEquals(
                    plugin.clock().now().wall(),
                    plugin.lifecycle().disabled().orElseThrow().since());
        }

        @Test
        void fiveCrashesSpreadOverSixMinutesDoNotDisableThePlugin() {
            for (int i = 0; i < 5; i++) {
                if (i > 0) {
                    plugin.clock().advance(Duration.ofSeconds(90));
                }
                assertEquals(List.of("launching -> crashed"), transitions(plugin.crashAtLaunch()), "crash " + (i + 1));
            }
            assertEquals(ProcessState.CRASHED, plugin.lifecycle().state());
            assertEquals(4, plugin.lifecycle().crashesInWindow(plugin.clock().now()));
            assertEquals(5, plugin.lifecycle().crashes());
        }

        @Test
        void aCrashExactlyFiveMinutesOldStillCounts() {
            plugin.crashAtLaunch();
            plugin.clock().advance(Duration.ofMinutes(2));
            plugin.crashAtLaunch();
            plugin.crashAtLaunch();
            plugin.crashAtLaunch();
            plugin.clock().advance(Duration.ofMinutes(3));
            assertEquals(List.of("launching -> crashed", "crashed -> disabled"), transitions(plugin.crashAtLaunch()));
        }

        @Test
        void aCrashOneNanosecondOlderThanTheWindowNoLongerCounts() {
            plugin.crashAtLaunch();
            plugin.clock().advance(Duration.ofMinutes(2));
            plugin.crashAtLaunch();
            plugin.crashAtLaunch();
            plugin.crashAtLaunch();
            plugin.clock().advance(Duration.ofMinutes(3).plusNanos(1));
            assertEquals(List.of("launching -> crashed"), transitions(plugin.crashAtLaunch()));
        }

        @Test
        void everyKindOfCrashCountsTowardTheThreshold() {
            plugin.on(new RequestArrived());
            plugin.on(new LaunchFailed(1, LAUNCH_TIMEOUT));
            plugin.on(new RequestArrived());
            plugin.on(new ProcessExited(2, EXIT_3));
            plugin.ready();
            plugin.on(new ProcessExited(3, EXIT_3));
            plugin.ready();
            plugin.busy(1);
            plugin.on(new RequestTimedOut(4, "echo", Duration.ofSeconds(30)));
            plugin.ready();
            plugin.busy(2);
            Step fifth = plugin.on(new ProcessExited(5, EXIT_3));
            assertEquals(List.of("busy -> crashed", "crashed -> disabled"), transitions(fifth));
        }

        @Test
        void theThresholdIsConfigurable() {
            plugin =
                    LifecycleDriver.registered(LifecyclePolicy.defaults().withCrashThreshold(3, Duration.ofMinutes(1)));
            plugin.crashAtLaunch();
            plugin.clock().advance(Duration.ofSeconds(30));
            plugin.crashAtLaunch();
            plugin.clock().advance(Duration.ofSeconds(31));
            assertEquals(
                    List.of("launching -> crashed"),
                    transitions(plugin.crashAtLaunch()),
                    "the first crash is 61 s old");
            plugin.clock().advance(Duration.ofSeconds(1));
            Step third = plugin.crashAtLaunch();
            assertEquals(List.of("launching -> crashed", "crashed -> disabled"), transitions(third));
            assertTrue(
                    third.changes().getLast().reason().contains("3 times within 1m"),
                    third.changes().getLast().reason());
        }
    }

    @Nested
    class Disabling {

        private Instant disabledAt;

        private void disable() {
            for (int i = 0; i < 5; i++) {
                plugin.clock().advance(Duration.ofSeconds(10));
                plugin.crashAtLaunch();
            }
            assertEquals(ProcessState.DISABLED, plugin.lifecycle().state());
            disabledAt = plugin.clock().now().wall();
        }

        @Test
        void aRequestToADisabledPluginFailsFastSayingSinceWhenAndWhy() {
            disable();
            plugin.clock().advance(Duration.ofMinutes(1));
            Lifecycle before = plugin.lifecycle();
            Step step = plugin.on(new RequestArrived());
            assertEquals(before, step.next());
            Reject reject = assertInstanceOf(Reject.class, step.effects().getFirst());
            assertEquals(1, step.effects().size());
            HostFailure.Disabled failure = assertInstanceOf(HostFailure.Disabled.class, reject.failure());
            assertEquals(PLUGIN, failure.plugin());
            assertEquals(disabledAt, failure.since());
            String message = failure.message();
            assertTrue(message.contains("since " + disabledAt), message);
            assertTrue(message.contains("crashed 5 times within 5m"), message);
            assertTrue(message.contains(LAUNCH_TIMEOUT.message()), message);
            assertEquals(List.of(new Fix.Reset(PLUGIN)), failure.fixes());
            assertFalse(message.contains("\n"), message);
        }

        @Test
        void aDisabledPluginStaysDisabledWhateverHappensButAReset() {
            disable();
            plugin.clock().advance(Duration.ofHours(2));
            Lifecycle before = plugin.lifecycle();
            for (LifecycleTrigger t : List.of(
                    new RequestArrived(),
                    new ManifestValidated(),
                    new IdleTimerFired(),
                    new ProcessExited(5, EXIT_3),
                    new LaunchFailed(5, LAUNCH_TIMEOUT),
                    new ResponseReceived(5),
                    new RequestTimedOut(5, "echo", Duration.ofSeconds(30)),
                    new HostClosing())) {
                Step step = plugin.on(t);
                assertEquals(before, step.next(), t.toString());
                assertEquals(List.of(), step.changes(), t.toString());
            }
        }

        @Test
        void anOperatorResetRegistersThePluginAgainAndForgetsItsCrashes() {
            disable();
            plugin.clock().advance(Duration.ofMinutes(1));
            Step step = plugin.on(new OperatorReset());
            assertStep(step, List.of("disabled -> registered"));
            assertTrue(step.changes().getFirst().notable());
            assertEquals(0, plugin.lifecycle().crashesInWindow(plugin.clock().now()));
            assertEquals(0, plugin.lifecycle().crashes());
            assertTrue(plugin.lifecycle().disabled().isEmpty());

            assertStep(plugin.on(new RequestArrived()), List.of("registered -> launching"), new Spawn(6));
            plugin.on(new LaunchFailed(6, LAUNCH_TIMEOUT));
            for (int i = 0; i < 3; i++) {
                plugin.crashAtLaunch();
            }
            assertEquals(ProcessState.CRASHED, plugin.lifecycle().state(), "four crashes after the reset");
            assertEquals(ProcessState.DISABLED, plugin.crashAtLaunch().next().state(), "the fifth after the reset");
        }

        @Test
        void aResetOfAPluginThatIsNotDisabledOnlyForgetsItsCrashes() {
            plugin.crashAtLaunch();
            plugin.ready();
            Step step = plugin.on(new OperatorReset());
            assertStep(step, List.of());
            assertEquals(ProcessState.READY, plugin.lifecycle().state());
            assertEquals(0, plugin.lifecycle().crashesInWindow(plugin.clock().now()));
        }
    }

    @Nested
    class StaleTriggers {

        @Test
        void aLateExitOfTheKilledProcessDoesNotCrashItsReplacement() {
            plugin.ready();
            plugin.busy(1);
            plugin.on(new RequestTimedOut(1, "echo", Duration.ofSeconds(30)));
            plugin.launch();
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new ProcessExited(1, EXIT_3)));
            plugin.on(new HandshakeAnswered(2));
            before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new ProcessExited(1, EXIT_3)));
            assertEquals(1, plugin.lifecycle().crashes());
        }

        @Test
        void aLateResponseFromTheKilledProcessDoesNotCountAgainstItsReplacement() {
            plugin.ready();
            plugin.busy(2);
            plugin.on(new ProcessExited(1, EXIT_3));
            plugin.ready();
            plugin.busy(1);
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new ResponseReceived(1)));
            assertUnchanged(before, plugin.on(new RequestTimedOut(1, "echo", Duration.ofSeconds(30))));
            assertEquals(1, plugin.lifecycle().inFlight());
        }

        @Test
        void theExitThatFollowsAKillIsNotASecondCrash() {
            plugin.ready();
            plugin.busy(1);
            plugin.on(new RequestTimedOut(1, "echo", Duration.ofSeconds(30)));
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new ProcessExited(1, EXIT_3)));
            assertEquals(1, plugin.lifecycle().crashesInWindow(plugin.clock().now()));
        }

        @Test
        void aLateHandshakeOfAKilledLaunchShutsThatProcessDownWithoutReviving() {
            plugin.crashAtLaunch();
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new HandshakeAnswered(1)), new ShutDown(1));
            plugin.launch();
            before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new HandshakeAnswered(1)), new ShutDown(1));
        }

        @Test
        void aSecondHandshakeReportForTheLiveProcessChangesNothingAndStopsNothing() {
            plugin.ready();
            Lifecycle before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new HandshakeAnswered(1)));
            plugin.busy(1);
            before = plugin.lifecycle();
            assertUnchanged(before, plugin.on(new HandshakeAnswered(1)));
        }
    }
}
