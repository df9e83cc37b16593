package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One plugin's deadlines: the defaults of docs/lifecycle.md#deadlines and the manifest's
 * {@code timeouts} table.
 */
class TimeoutTableTest {
    private final TimeoutTable defaults = TimeoutTable.defaults();

    private static Duration d(String text) {
        return DurationText.parse(text);
    }

    @Nested
    class Defaults {

        @Test
        void theLaunchHandshakeHasTwoSeconds() {
            assertEquals(d("2s"), defaults.launch());
        }

        @Test
        void aPluginIdlesFiveMinutesBeforeItIsTerminated() {
            assertEquals(d("5m"), defaults.idle());
        }

        @ParameterizedTest
        @CsvSource({
            "$/ping,2s",
            "health/check,2s",
            "echo,30s",
            "echo/say,30s",
            "agent/run,30m",
            "agent/resume,30m",
            "task/list,2m",
            "task/get,2m",
            "issue/create,2m",
            "issue/update,2m",
            "queue/next,2m",
            "job/status,2m",
            "agent/cancel,10s",
            "shutdown,2s"
        })
        void methodsFollowTheLifecycleTable(String method, String expected) {
            assertEquals(Optional.of(d(expected)), defaults.forMethod(method));
        }

        @Test
        void triggerWatchHasNoDeadline() {
            assertEquals(Optional.empty(), defaults.forMethod("trigger/watch"));
        }

        @Test
        void eachShutdownStepHasTwoSeconds() {
            assertEquals(d("2s"), MethodTimeouts.SHUTDOWN_STEP);
        }
    }

    @Nested
    class ManifestOverrides {

        @Test
        void launchAndIdleCanBeOverriddenWithoutTouchingMethods() {
            TimeoutTable t = new TimeoutTable(Map.of("launch", d("10s"), "idle", d("1h")));
            assertEquals(d("10s"), t.launch());
            assertEquals(d("1h"), t.idle());
            assertEquals(Optional.of(d("30s")), t.forMethod("echo"));
            assertEquals(Optional.of(d("2s")), t.forMethod("$/ping"));
        }

        @Test
        void defaultChangesOrdinaryMethodsOnly() {
            TimeoutTable t = defaults.with("default", d("5s"));
            assertEquals(Optional.of(d("5s")), t.forMethod("echo"));
            assertEquals(Optional.of(d("5s")), t.forMethod("custom/thing"));
            assertEquals(Optional.of(d("2s")), t.forMethod("$/ping"));
            assertEquals(Optional.of(d("2s")), t.forMethod("health/check"));
            assertEquals(Optional.of(d("30m")), t.forMethod("agent/run"));
            assertEquals(Optional.of(d("10s")), t.forMethod("agent/cancel"));
            assertEquals(Optional.of(d("2m")), t.forMethod("task/list"));
            assertEquals(Optional.empty(), t.forMethod("trigger/watch"));
            assertEquals(d("2s"), t.launch());
            assertEquals(d("5m"), t.idle());
        }

        @Test
        void aMethodsOwnEntryWinsOverEveryDefault() {
            TimeoutTable t = new TimeoutTable(Map.of(
                    "default",
                    d("5s"),
                    "echo/say",
                    d("1m"),
                    "$/ping",
                    d("500ms"),
                    "agent/run",
                    d("2h"),
                    "trigger/watch",
                    d("1d")));
            assertEquals(Optional.of(d("1m")), t.forMethod("echo/say"));
            assertEquals(Optional.of(d("500ms")), t.forMethod("$/ping"));
            assertEquals(Optional.of(d("2h")), t.forMethod("agent/run"));
            assertEquals(Optional.of(d("1d")), t.forMethod("trigger/watch"));
            assertEquals(Optional.of(d("5s")), t.forMethod("echo/shout"));
        }

        @Test
        void withReturnsANewTableAndLeavesTheOldOneAlone() {
            TimeoutTable t = defaults.with("echo", d("1s"));
            assertEquals(Optional.of(d("1s")), t.forMethod("echo"));
            assertEquals(Optional.of(d("30s")), defaults.forMethod("echo"));
            assertEquals(
                    d("3s"),
                    t.with("launch", d("3s"))
                            .with("launch", d("4s"))
                            .with("launch", d("3s"))
                            .launch());
        }

        @Test
        void theTableIsCopied() {
            Map<String, Duration> given = new HashMap<>(Map.of("echo", d("1s")));
            TimeoutTable t = new TimeoutTable(given);
            given.put("echo", d("9s"));
            assertEquals(Optional.of(d("1s")), t.forMethod("echo"));
            assertThrows(
                    UnsupportedOperationException.class, () -> t.overrides().put("x", d("1s")));
        }
    }

    @Nested
    class InvalidEntries {

        @ParameterizedTest
        @ValueSource(longs = {0, -1, -1_000_000_000})
        void aDurationThatIsNotPositiveIsRefusedNamingItsKey(long nanos) {
            Duration bad = Duration.ofNanos(nanos);
            var e = assertThrows(IllegalArgumentException.class, () -> new TimeoutTable(Map.of("echo/say", bad)));
            assertTrue(e.getMessage().contains("timeouts.echo/say"), e.getMessage());
        }

        @ParameterizedTest
        @ValueSource(strings = {"", " ", "\t"})
        void aBlankKeyIsRefused(String key) {
            assertThrows(IllegalArgumentException.class, () -> new TimeoutTable(Map.of(key, d("1s"))));
        }

        @Test
        void withRefusesWhatTheConstructorRefuses() {
            assertThrows(IllegalArgumentException.class, () -> defaults.with("launch", Duration.ZERO));
            assertThrows(IllegalArgumentException.class, () -> defaults.with(" ", d("1s")));
            assertThrows(NullPointerException.class, () -> defaults.with(null, d("1s")));
        }

        @Test
        void aMethodNameIsRequired() {
            assertThrows(NullPointerException.class, () -> defaults.forMethod(null));
        }
    }
}
