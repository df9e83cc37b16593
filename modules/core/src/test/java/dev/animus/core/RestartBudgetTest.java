package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.animus.core.LifecycleTrigger.HandshakeAnswered;
import dev.animus.core.LifecycleTrigger.ProcessExited;
import dev.animus.core.LifecycleTrigger.RequestArrived;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The retry rule of docs/lifecycle.md#failures-and-retry: a process that died under a request is
 * retried once, the rest surface. Timeouts are death-like but never retried (a documented choice of
 * {@link RestartBudget}).
 */
class RestartBudgetTest {
    private static final String PLUGIN = "echo";
    private static final HostFailure EXITED = new HostFailure.ProcessExited(OptionalInt.of(3), List.of());

    private final FakeClock clock = new FakeClock();

    /** The lifecycle after {@code crashes} crashes of a busy plugin, one minute apart. */
    private Lifecycle afterCrashes(LifecyclePolicy policy, int crashes) {
        Lifecycle l = Lifecycle.registered(PLUGIN, policy, clock.now());
        for (int i = 0; i < crashes; i++) {
            clock.advance(Duration.ofMinutes(1));
            l = l.on(new RequestArrived(), clock.now()).next();
            l = l.on(new HandshakeAnswered(l.incarnation()), clock.now()).next();
            l = l.on(new RequestArrived(), clock.now()).next();
            l = l.on(new ProcessExited(l.incarnation(), EXITED), clock.now()).next();
        }
        return l;
    }

    private Lifecycle crashedOnce() {
        Lifecycle l = afterCrashes(LifecyclePolicy.defaults(), 1);
        assertEquals(ProcessState.CRASHED, l.state());
        return l;
    }

    /** Death-like failures other than timeouts: the process died under the request. */
    static Stream<HostFailure> died() {
        return Stream.of(
                new HostFailure.ConnectionLost("plugin echo exited with code 3", OptionalInt.of(3), List.of("panic")),
                EXITED);
    }

    static Stream<HostFailure> timeouts() {
        return Stream.of(
                new HostFailure.Timeout("echo/say", Duration.ofSeconds(30)),
                new HostFailure.Timeout("initialize", Duration.ofSeconds(2)));
    }

    static Stream<HostFailure> answeredOrRefused() {
        return Stream.of(
                new HostFailure.Rpc(ErrorCodes.INTERNAL_ERROR, "boom", Optional.empty()),
                new HostFailure.Rpc(ErrorCodes.INVALID_REQUEST, "bad", Optional.empty()),
                new HostFailure.Cancelled("echo/say"),
                new HostFailure.NotSupported(PLUGIN, "echo/shout"),
                new HostFailure.SpawnFailed("cannot run echo"),
                new HostFailure.IncompatibleProtocol("protocol 2"),
                new HostFailure.Disabled(PLUGIN, Instant.EPOCH, "crashed 5 times within 5m"),
                new HostFailure.NotRegistered(PLUGIN),
                new HostFailure.ShuttingDown(PLUGIN),
                new HostFailure.NotTrusted(PLUGIN, "coder"),
                new HostFailure.NotConsented(PLUGIN, "coder"),
                new HostFailure.NotEnabled(PLUGIN, "coder"));
    }

    @Test
    void aRequestIsRetriedAtMostOnce() {
        assertEquals(1, RestartBudget.RETRIES);
    }

    @Nested
    class DeathLike {

        @ParameterizedTest
        @MethodSource("dev.animus.core.RestartBudgetTest#died")
        void isRetriedOnceWhenNothingWasStreamed(HostFailure failure) {
            assertEquals(new RetryDecision.Retry(), RestartBudget.decide(failure, 0, false, crashedOnce()));
        }

        @ParameterizedTest
        @MethodSource("dev.animus.core.RestartBudgetTest#died")
        void isSurfacedWhenItFailsAgainAfterTheRetry(HostFailure failure) {
            assertSame(failure, surfaced(RestartBudget.decide(failure, 1, false, crashedOnce())));
        }

        @ParameterizedTest
        @MethodSource("dev.animus.core.RestartBudgetTest#died")
        void isNotRetriedOnceStreamedOutputReachedTheCaller(HostFailure failure) {
            assertSame(failure, surfaced(RestartBudget.decide(failure, 0, true, crashedOnce())));
        }

        @ParameterizedTest
        @MethodSource("dev.animus.core.RestartBudgetTest#timeouts")
        void isNeverRetriedAfterATimeoutForTheCallerAlreadyWaitedItsWholeDeadline(HostFailure failure) {
            assertEquals(FailureClass.DEATH_LIKE, failure.classify());
            assertSame(failure, surfaced(RestartBudget.decide(failure, 0, false, crashedOnce())));
        }

        @Test
        void theCrashThatDisablesThePluginSurfacesAsTooManyRestarts() {
            Lifecycle disabled = afterCrashes(LifecyclePolicy.defaults(), 5);
            assertEquals(ProcessState.DISABLED, disabled.state());
            var tooMany = assertInstanceOf(
                    HostFailure.TooManyRestarts.class, surfaced(RestartBudget.decide(EXITED, 0, false, disabled)));
            assertEquals(new HostFailure.TooManyRestarts(PLUGIN, 5, Duration.ofMinutes(5), EXITED), tooMany);
            assertEquals(List.of(new Fix.Reset(PLUGIN)), tooMany.fixes());
            assertEquals(FailureClass.REFUSED, tooMany.classify());
        }

        @ParameterizedTest
        @MethodSource("dev.animus.core.RestartBudgetTest#timeouts")
        void aTimeoutThatDisablesThePluginSurfacesAsTooManyRestartsToo(HostFailure timeout) {
            Lifecycle disabled = afterCrashes(LifecyclePolicy.defaults(), 5);
            assertEquals(
                    new HostFailure.TooManyRestarts(PLUGIN, 5, Duration.ofMinutes(5), timeout),
                    surfaced(RestartBudget.decide(timeout, 0, false, disabled)));
        }

        @Test
        void tooManyRestartsReportsTheConfiguredThreshold() {
            var policy = LifecyclePolicy.defaults().withCrashThreshold(3, Duration.ofMinutes(2));
            Lifecycle disabled = afterCrashes(policy, 3);
            assertEquals(
                    new HostFailure.TooManyRestarts(PLUGIN, 3, Duration.ofMinutes(2), EXITED),
                    surfaced(RestartBudget.decide(EXITED, 1, false, disabled)));
        }
    }

    @Nested
    class AnsweredOrRefused {

        @ParameterizedTest
        @MethodSource("dev.animus.core.RestartBudgetTest#answeredOrRefused")
        void isSurfacedUntouchedEvenWhenARetryWouldBeAllowed(HostFailure failure) {
            assertSame(failure, surfaced(RestartBudget.decide(failure, 0, false, crashedOnce())));
        }

        @ParameterizedTest
        @MethodSource("dev.animus.core.RestartBudgetTest#answeredOrRefused")
        void isSurfacedUntouchedEvenWhenThePluginIsDisabled(HostFailure failure) {
            Lifecycle disabled = afterCrashes(LifecyclePolicy.defaults(), 5);
            assertSame(failure, surfaced(RestartBudget.decide(failure, 0, false, disabled)));
        }
    }

    private static HostFailure surfaced(RetryDecision decision) {
        return assertInstanceOf(RetryDecision.Surface.class, decision).failure();
    }
}
