package dev.animus.plugins.schedule;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;
import java.util.Objects;
import java.util.Optional;

/**
 * A five-field cron expression ({@code minute hour day-of-month month day-of-week}) read in UTC.
 * Each field is {@code *}, a value, a range {@code a-b}, a step <code>&#42;/n</code>, {@code a-b/n} or
 * {@code a/n} (from a to the field's end), or a comma list of these; months and days of the week
 * also by name ({@code jan}, {@code mon}); day of week 0 and 7 are Sunday. As in Vixie cron, when
 * both day fields are restricted (neither starts with {@code *}) a day matches if either does;
 * otherwise both must. Immutable; thread-safe.
 *
 * @param text the expression as given
 */
record Cron(String text, BitSet minutes, BitSet hours, BitSet days, BitSet months, BitSet weekdays, boolean anyDay) {

    /** How far {@link #next} and {@link #latest} search: past every leap-day-and-weekday cycle (28 years). */
    static final int SEARCH_YEARS = 30;

    Cron {
        Objects.requireNonNull(text, "text");
        minutes = (BitSet) minutes.clone();
        hours = (BitSet) hours.clone();
        days = (BitSet) days.clone();
        months = (BitSet) months.clone();
        weekdays = (BitSet) weekdays.clone();
    }

    /** @throws CronException naming the field that is wrong and what it takes */
    static Cron parse(String text) {
        String[] f = text.strip().split("\\s+");
        if (f.length != 5) {
            throw new CronException(
                    "has " + (text.isBlank() ? 0 : f.length)
                            + " fields; a cron expression has 5: minute hour day-of-month month day-of-week (e.g. '0 9 * * mon-fri')");
        }
        BitSet weekdays = set(CronField.DAY_OF_WEEK, f[4]);
        if (weekdays.get(7)) {
            weekdays.set(0);
            weekdays.clear(7);
        }
        boolean dayStar = f[2].startsWith("*");
        boolean weekdayStar = f[4].startsWith("*");
        return new Cron(
                text.strip(),
                set(CronField.MINUTE, f[0]),
                set(CronField.HOUR, f[1]),
                set(CronField.DAY_OF_MONTH, f[2]),
                set(CronField.MONTH, f[3]),
                weekdays,
                dayStar || weekdayStar);
    }

    private static BitSet set(CronField field, String text) {
        BitSet out = new BitSet();
        for (String item : text.split(",", -1)) {
            int slash = item.indexOf('/');
            String range = slash < 0 ? item : item.substring(0, slash);
            int step = 1;
            if (slash >= 0) {
                String s = item.substring(slash + 1);
                if (!s.matches("[0-9]{1,2}") || Integer.parseInt(s) == 0) {
                    throw new CronException(field, "step '" + s + "' in '" + item + "' is not a number 1-99");
                }
                step = Integer.parseInt(s);
            }
            int from;
            int to;
            if (range.equals("*")) {
                from = field.min;
                to = field == CronField.DAY_OF_WEEK ? 6 : field.max;
            } else if (range.indexOf('-') > 0) {
                int dash = range.indexOf('-');
                from = field.value(range.substring(0, dash));
                to = field.value(range.substring(dash + 1));
                if (from > to) {
                    throw new CronException(field, "range '" + range + "' runs backwards");
                }
            } else {
                from = field.value(range);
                to = slash >= 0 ? field.max : from;
            }
            for (int v = from; v <= to; v += step) {
                out.set(v);
            }
        }
        return out;
    }

    /** Whether the minute {@code t} (seconds ignored) is one this expression fires at. */
    boolean matches(LocalDateTime t) {
        return months.get(t.getMonthValue())
                && day(t.toLocalDate())
                && hours.get(t.getHour())
                && minutes.get(t.getMinute());
    }

    private boolean day(LocalDate d) {
        boolean dom = days.get(d.getDayOfMonth());
        boolean dow = weekdays.get(
                d.getDayOfWeek() == DayOfWeek.SUNDAY ? 0 : d.getDayOfWeek().getValue());
        return anyDay ? dom && dow : dom || dow;
    }

    /** The first firing strictly after {@code after}; empty when there is none within {@link #SEARCH_YEARS}. */
    Optional<Instant> next(Instant after) {
        LocalDateTime t = LocalDateTime.ofInstant(after, ZoneOffset.UTC)
                .truncatedTo(ChronoUnit.MINUTES)
                .plusMinutes(1);
        LocalDate limit = t.toLocalDate().plusYears(SEARCH_YEARS);
        while (!t.toLocalDate().isAfter(limit)) {
            if (!months.get(t.getMonthValue())) {
                t = t.toLocalDate().withDayOfMonth(1).plusMonths(1).atStartOfDay();
            } else if (!day(t.toLocalDate())) {
                t = t.toLocalDate().plusDays(1).atStartOfDay();
            } else if (!hours.get(t.getHour())) {
                t = t.truncatedTo(ChronoUnit.HOURS).plusHours(1);
            } else if (!minutes.get(t.getMinute())) {
                t = t.plusMinutes(1);
            } else {
                return Optional.of(t.toInstant(ZoneOffset.UTC));
            }
        }
        return Optional.empty();
    }

    /** The last firing at or before {@code atOrBefore}; empty when there is none within {@link #SEARCH_YEARS}. */
    Optional<Instant> latest(Instant atOrBefore) {
        LocalDateTime t = LocalDateTime.ofInstant(atOrBefore, ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES);
        LocalDate limit = t.toLocalDate().minusYears(SEARCH_YEARS);
        while (!t.toLocalDate().isBefore(limit)) {
            if (!months.get(t.getMonthValue())) {
                t = t.toLocalDate().withDayOfMonth(1).atStartOfDay().minusMinutes(1);
            } else if (!day(t.toLocalDate())) {
                t = t.toLocalDate().atStartOfDay().minusMinutes(1);
            } else if (!hours.get(t.getHour())) {
                t = t.truncatedTo(ChronoUnit.HOURS).minusMinutes(1);
            } else if (!minutes.get(t.getMinute())) {
                t = t.minusMinutes(1);
            } else {
                return Optional.of(t.toInstant(ZoneOffset.UTC));
            }
        }
        return Optional.empty();
    }
}
