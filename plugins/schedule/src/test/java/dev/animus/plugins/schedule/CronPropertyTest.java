package dev.animus.plugins.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link Cron#next} and {@link Cron#latest} against a brute-force reference: random expressions
 * (every form of every field, names, Sunday as 7, both day-field rules) are generated together
 * with the set of values each field means, and the reference walks minute by minute from a random
 * instant, matching with those sets alone.
 */
class CronPropertyTest {
    private static final String[] MONTHS = {
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"
    };
    private static final String[] DAYS = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
    /** How far the reference walks: 120 days of minutes. */
    private static final int WINDOW_MINUTES = 120 * 24 * 60;

    /** One generated field: its text and the values it means (Sunday as 0). */
    record Field(String text, Set<Integer> values) {}

    /** A generated expression and what it means. */
    record Expression(String text, Field minute, Field hour, Field day, Field month, Field weekday) {
        boolean matches(LocalDateTime t) {
            return matches(t, false);
        }

        /** Whether {@code t} matches; with {@code dayOnly} only its month and day are checked. */
        boolean matches(LocalDateTime t, boolean dayOnly) {
            DayOfWeek w = t.getDayOfWeek();
            boolean dom = day.values().contains(t.getDayOfMonth());
            boolean dow = weekday.values().contains(w == DayOfWeek.SUNDAY ? 0 : w.getValue());
            boolean either = !day.text().startsWith("*") && !weekday.text().startsWith("*");
            return (dayOnly
                            || minute.values().contains(t.getMinute())
                                    && hour.values().contains(t.getHour()))
                    && month.values().contains(t.getMonthValue())
                    && (either ? dom || dow : dom && dow);
        }
    }

    private static String name(Random r, int v, int min, String[] names) {
        // Sunday's name is 0: as the end of a range "fri-sun" would run backwards, so 7 stays a number
        boolean named = names != null && v - min < names.length && r.nextInt(3) == 0;
        return named ? names[v - min] : Integer.toString(v);
    }

    /** A random field over min..max (max 7 for the weekday, mapped to 0). */
    private static Field field(Random r, int min, int max, String[] names, boolean weekday) {
        if (r.nextInt(10) < 4) {
            Set<Integer> all = new HashSet<>();
            int step = r.nextInt(3) == 0 ? 1 + r.nextInt(max - min + 1) : 1;
            int top = weekday ? 6 : max;
            for (int v = min; v <= top; v += step) {
                all.add(v);
            }
            return new Field(step == 1 ? "*" : "*/" + step, all);
        }
        List<String> items = new ArrayList<>();
        Set<Integer> values = new HashSet<>();
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            int a = min + r.nextInt(max - min + 1);
            int b = a + r.nextInt(max - a + 1);
            int step = 1 + r.nextInt(4);
            switch (r.nextInt(4)) {
                case 0 -> {
                    items.add(name(r, a, min, names));
                    values.add(a);
                }
                case 1 -> {
                    items.add(name(r, a, min, names) + "-" + name(r, b, min, names));
                    for (int v = a; v <= b; v++) {
                        values.add(v);
                    }
                }
                case 2 -> {
                    items.add(a + "-" + b + "/" + step);
                    for (int v = a; v <= b; v += step) {
                        values.add(v);
                    }
                }
                default -> {
                    items.add(a + "/" + step);
                    for (int v = a; v <= max; v += step) {
                        values.add(v);
                    }
                }
            }
        }
        if (weekday && values.remove(7)) {
            values.add(0);
        }
        return new Field(String.join(",", items), values);
    }

    static Expression expression(Random r) {
        Field minute = field(r, 0, 59, null, false);
        Field hour = field(r, 0, 23, null, false);
        Field day = field(r, 1, 31, null, false);
        Field month = field(r, 1, 12, MONTHS, false);
        Field weekday = field(r, 0, 7, DAYS, true);
        String text = String.join(" ", minute.text(), hour.text(), day.text(), month.text(), weekday.text());
        return new Expression(text, minute, hour, day, month, weekday);
    }

    private static Instant instant(Random r) {
        long from = Instant.parse("2000-01-01T00:00:00Z").getEpochSecond();
        long to = Instant.parse("2100-01-01T00:00:00Z").getEpochSecond();
        long s = from + (long) (r.nextDouble() * (to - from));
        return Instant.ofEpochSecond(
                r.nextBoolean() ? s - s % 60 : s, r.nextInt(3) == 0 ? r.nextInt(1_000_000_000) : 0);
    }

    /**
     * The first minute the expression matches, walking one minute at a time from {@code from}
     * (forward: from the minute after it; backward: from its own minute) for at most the window.
     * The day's fields are read once per day, so the walk stays cheap.
     */
    private static Optional<Instant> walk(Expression e, Instant from, int direction) {
        long minute = Math.floorDiv(from.getEpochSecond(), 60) + (direction > 0 ? 1 : 0);
        long day = Long.MIN_VALUE;
        boolean dayMatches = false;
        for (int i = 0; i < WINDOW_MINUTES; i++, minute += direction) {
            long d = Math.floorDiv(minute, 1440);
            if (d != day) {
                day = d;
                LocalDateTime midnight = LocalDateTime.ofEpochSecond(d * 86400, 0, ZoneOffset.UTC);
                dayMatches = e.matches(midnight.withHour(0).withMinute(0), true);
            }
            int inDay = Math.floorMod(minute, 1440);
            if (dayMatches
                    && e.hour().values().contains(inDay / 60)
                    && e.minute().values().contains(inDay % 60)) {
                return Optional.of(Instant.ofEpochSecond(minute * 60));
            }
        }
        return Optional.empty();
    }

    @Test
    void nextAndLatestAgreeWithAMinuteByMinuteWalk() {
        Random r = new Random(2323);
        for (int i = 0; i < 300; i++) {
            Expression e = expression(r);
            Cron cron = Cron.parse(e.text());
            Instant t = instant(r);
            String what = "'" + e.text() + "' from " + t;

            Optional<Instant> next = walk(e, t, 1);
            if (next.isPresent()) {
                assertEquals(next, cron.next(t), "next of " + what);
            } else {
                Instant end = t.plus(WINDOW_MINUTES, ChronoUnit.MINUTES);
                assertTrue(cron.next(t).map(n -> n.isAfter(end)).orElse(true), "next of " + what);
            }
            Optional<Instant> latest = walk(e, t, -1);
            if (latest.isPresent()) {
                assertEquals(latest, cron.latest(t), "latest of " + what);
            } else {
                Instant start = t.minus(WINDOW_MINUTES, ChronoUnit.MINUTES);
                assertTrue(cron.latest(t).map(n -> n.isBefore(start)).orElse(true), "latest of " + what);
            }
            cron.next(t).ifPresent(n -> assertTrue(e.matches(LocalDateTime.ofInstant(n, ZoneOffset.UTC)), what));
        }
    }
}
