package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The sliding crash window of docs/lifecycle.md#crash-threshold, on monotonic ticks. */
class CrashWindowTest {
    private static final long MINUTE = Duration.ofMinutes(1).toNanos();

    private final CrashWindow defaults = CrashWindow.of(CrashWindow.DEFAULT_LIMIT, CrashWindow.DEFAULT_SPAN);

    private static CrashWindow crashesAt(CrashWindow window, long... ticks) {
        CrashWindow w = window;
        for (long t : ticks) {
            w = w.record(t);
        }
        return w;
    }

    @Nested
    class Counting {

        @Test
        void anEmptyWindowCountsNothingAndIsNotReached() {
            assertEquals(0, defaults.count(0));
            assertFalse(defaults.reached());
        }

        @Test
        void theDefaultsAreFiveCrashesInFiveMinutes() {
            assertEquals(5, CrashWindow.DEFAULT_LIMIT);
            assertEquals(Duration.ofMinutes(5), CrashWindow.DEFAULT_SPAN);
        }

        @Test
        void aCrashExactlyOneSpanOldStillCounts() {
            CrashWindow w = defaults.record(0);
            assertEquals(1, w.count(5 * MINUTE));
            assertEquals(0, w.count(5 * MINUTE + 1));
        }

        @Test
        void countingLaterForgetsOldCrashesWithoutChangingTheWindow() {
            CrashWindow w = crashesAt(defaults, 0, MINUTE, 2 * MINUTE);
            assertEquals(3, w.count(5 * MINUTE));
            assertEquals(2, w.count(6 * MINUTE));
            assertEquals(0, w.count(8 * MINUTE));
            assertEquals(List.of(0L, MINUTE, 2 * MINUTE), w.crashes());
        }

        @Test
        void onlyDifferencesOfTicksMatterEvenWhenTheyAreNegative() {
            long start = -7 * MINUTE;
            CrashWindow w = crashesAt(defaults, start, start + MINUTE, start + 2 * MINUTE);
            assertEquals(3, w.count(start + 5 * MINUTE));
            assertEquals(2, w.count(start + 5 * MINUTE + 1));
        }
    }

    @Nested
    class Recording {

        @Test
        void recordingDropsCrashesOlderThanTheSpanAndPushesNow() {
            CrashWindow w = crashesAt(defaults, 0, MINUTE, 5 * MINUTE, 6 * MINUTE + 1);
            assertEquals(List.of(5 * MINUTE, 6 * MINUTE + 1), w.crashes());
        }

        @Test
        void fiveCrashesWithinFiveMinutesReachTheThreshold() {
            CrashWindow four = crashesAt(defaults, 0, MINUTE, 2 * MINUTE, 3 * MINUTE);
            assertFalse(four.reached());
            assertTrue(four.record(5 * MINUTE).reached(), "the first crash is exactly 5 minutes old");
        }

        @Test
        void fiveCrashesSpreadOverSixMinutesDoNot() {
            CrashWindow w = crashesAt(defaults, 0, 90_000_000_000L, 180_000_000_000L, 270_000_000_000L, 6 * MINUTE);
            assertFalse(w.reached());
            assertEquals(4, w.crashes().size());
        }

        @Test
        void reachedSpeaksOfTheLastCrashNotOfTheTimeSince() {
            CrashWindow w = crashesAt(CrashWindow.of(2, Duration.ofMinutes(1)), 0, 1);
            assertTrue(w.reached());
            assertEquals(0, w.count(60 * MINUTE));
            assertTrue(w.reached());
        }

        @Test
        void theLimitAndSpanAreConfigurable() {
            CrashWindow w = CrashWindow.of(3, Duration.ofSeconds(10));
            assertFalse(crashesAt(w, 0, 5_000_000_000L, 10_000_000_001L).reached());
            assertTrue(crashesAt(w, 0, 5_000_000_000L, 10_000_000_000L).reached());
            assertTrue(CrashWindow.of(1, Duration.ofSeconds(1)).record(42).reached());
        }

        @Test
        void aWindowIsAValueThatRecordingDoesNotChange() {
            CrashWindow one = defaults.record(0);
            CrashWindow two = one.record(1);
            assertEquals(List.of(0L), one.crashes());
            assertEquals(List.of(0L, 1L), two.crashes());
            assertEquals(crashesAt(defaults, 0, 1), two);
        }

        @Test
        void theCrashListIsCopiedAndReadOnly() {
            List<Long> given = new ArrayList<>(List.of(1L, 2L));
            CrashWindow w = new CrashWindow(5, Duration.ofMinutes(5), given);
            given.add(3L);
            assertEquals(List.of(1L, 2L), w.crashes());
            assertThrows(UnsupportedOperationException.class, () -> w.crashes().add(4L));
        }

        @Test
        void clearingForgetsTheCrashesButKeepsTheLimits() {
            CrashWindow w = crashesAt(CrashWindow.of(3, Duration.ofMinutes(1)), 0, 1, 2);
            CrashWindow cleared = w.cleared();
            assertEquals(CrashWindow.of(3, Duration.ofMinutes(1)), cleared);
            assertFalse(cleared.reached());
            assertEquals(0, cleared.count(2));
        }
    }

    @Nested
    class Validation {

        @ParameterizedTest
        @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
        void aLimitBelowOneIsRefusedNamingIt(int limit) {
            var e = assertThrows(IllegalArgumentException.class, () -> CrashWindow.of(limit, Duration.ofMinutes(5)));
            assertTrue(e.getMessage().contains(String.valueOf(limit)), e.getMessage());
        }

        @ParameterizedTest
        @ValueSource(longs = {0, -1})
        void aSpanThatIsNotPositiveIsRefused(long nanos) {
            assertThrows(IllegalArgumentException.class, () -> CrashWindow.of(5, Duration.ofNanos(nanos)));
        }
    }
}
