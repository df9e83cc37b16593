package dev.animus.plugins.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Cron expressions people write, and the messages for the ones that cannot be used. */
class CronTest {
    private static Optional<Instant> next(String cron, String after) {
        return Cron.parse(cron).next(Instant.parse(after));
    }

    @Test
    void theUsualExpressionsFireWhenTheySay() {
        assertEquals(Optional.of(Instant.parse("2026-12-02T15:31:00Z")), next("* * * * *", "2026-12-02T15:30:00Z"));
        assertEquals(Optional.of(Instant.parse("2026-12-02T15:45:00Z")), next("*/15 * * * *", "2026-12-02T15:30:10Z"));
        // Wednesday 2 December 2026: the next weekday 09:00 is Thursday's
        assertEquals(
                Optional.of(Instant.parse("2026-12-03T09:00:00Z")), next("0 9 * * mon-fri", "2026-12-02T15:30:00Z"));
        assertEquals(Optional.of(Instant.parse("2026-12-06T00:00:00Z")), next("0 0 * * 7", "2026-12-02T15:30:00Z"));
        assertEquals(Optional.of(Instant.parse("2027-01-01T00:00:00Z")), next("0 0 1 JAN *", "2026-12-02T15:30:00Z"));
        assertEquals(Optional.of(Instant.parse("2028-02-29T12:00:00Z")), next("0 12 29 feb *", "2026-12-02T15:30:00Z"));
        assertEquals(
                Optional.of(Instant.parse("2026-12-02T16:10:00Z")),
                next("10-50/20 8-18/2 * * *", "2026-12-02T15:30:00Z"));
    }

    @Test
    void twoRestrictedDayFieldsFireOnEitherAndAStarredOneOnBoth() {
        // the 15th, or any Friday: Friday 4 December comes first
        assertEquals(Optional.of(Instant.parse("2026-12-04T00:00:00Z")), next("0 0 15 * fri", "2026-12-02T15:30:00Z"));
        // every other day of the month that is also a Friday (a '*' day field: both must hold)
        assertEquals(Optional.of(Instant.parse("2026-12-11T00:00:00Z")), next("0 0 */2 * fri", "2026-12-02T15:30:00Z"));
    }

    @Test
    void anExpressionThatCannotBeUsedNamesItsFieldAndWhatItTakes() {
        assertEquals(
                "day-of-week: '8' is out of range; allowed: 0-7 (0 and 7 are Sunday) or sun-sat; *, lists a,b,"
                        + " ranges a-b, steps */n and a-b/n",
                assertThrows(CronException.class, () -> Cron.parse("0 0 * * 8")).getMessage());
        assertTrue(assertThrows(CronException.class, () -> Cron.parse("0 0 * *"))
                .getMessage()
                .startsWith("has 4 fields; a cron expression has 5: minute hour day-of-month month day-of-week"));
        assertTrue(assertThrows(CronException.class, () -> Cron.parse("60 * * * *"))
                .getMessage()
                .startsWith("minute: '60' is out of range; allowed: 0-59"));
        assertTrue(assertThrows(CronException.class, () -> Cron.parse("* * * foo *"))
                .getMessage()
                .startsWith("month: 'foo' is not a value; allowed: 1-12 or jan-dec"));
        assertTrue(assertThrows(CronException.class, () -> Cron.parse("*/0 * * * *"))
                .getMessage()
                .startsWith("minute: step '0' in '*/0' is not a number 1-99"));
        assertTrue(assertThrows(CronException.class, () -> Cron.parse("* 5-3 * * *"))
                .getMessage()
                .startsWith("hour: range '5-3' runs backwards"));
        assertTrue(assertThrows(CronException.class, () -> Cron.parse("1,,2 * * * *"))
                .getMessage()
                .startsWith("minute: '' is not a value"));
    }

    @Test
    void anExpressionWithNoSuchDayNeverFires() {
        assertEquals(Optional.empty(), next("0 0 30 feb *", "2026-12-02T15:30:00Z"));
        assertEquals(Optional.empty(), Cron.parse("0 0 31 apr,jun *").latest(Instant.parse("2026-12-02T15:30:00Z")));
    }
}
