package dev.animus.core;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as operators write them: {@code 500ms}, {@code 2s}, {@code 1.5s}, {@code 30m},
 * {@code 1h}, or a sequence such as {@code 1m30s}. A bare number is refused (the unit must be
 * said).
 */
public final class DurationText {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h|d)");
    private static final Pattern WHOLE = Pattern.compile("(?:\\d+(?:\\.\\d+)?(?:ms|s|m|h|d))+");

    private DurationText() {}

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static Duration parse(String text) {
        Objects.requireNonNull(text, "text");
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (!WHOLE.matcher(t).matches()) {
            throw new IllegalArgumentException(
                    "invalid duration '" + text + "': use a number with a unit, e.g. 500ms, 2s, 1.5s, 30m, 1h");
        }
        Matcher m = PART.matcher(t);
        long nanos = 0;
        while (m.find()) {
            double value = Double.parseDouble(m.group(1));
            long unit = switch (m.group(2)) {
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                case "h" -> 3_600_000_000_000L;
                case "d" -> 86_400_000_000_000L;
                default -> throw new IllegalStateException(m.group(2));
            };
            double part = value * unit;
            if (part > Long.MAX_VALUE - nanos) {
                throw new IllegalArgumentException("duration '" + text + "' is too long");
            }
            nanos += (long) part;
        }
        return Duration.ofNanos(nanos);
    }

    /**
     * Parses {@code text} and checks that it lies within {@code [min, max]}: what an option that
     * takes a deadline accepts ({@code 0s} is no deadline at all, and a value past the range would
     * overflow the clocks that arm it).
     *
     * @throws IllegalArgumentException naming the text and the accepted forms, or the range
     */
    public static Duration parseWithin(String text, Duration min, Duration max) {
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
        Duration d;
        try {
            d = parse(text);
        } catch (IllegalArgumentException tooLong) {
            if (WHOLE.matcher(text.strip().toLowerCase(Locale.ROOT)).matches()) {
                throw outOfRange(text, min, max);
            }
            throw tooLong;
        }
        if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
            throw outOfRange(text, min, max);
        }
        return d;
    }

    private static IllegalArgumentException outOfRange(String text, Duration min, Duration max) {
        return new IllegalArgumentException(
                "duration '" + text.strip() + "' is out of range: give one from " + bound(min) + " to " + bound(max));
    }

    /** A bound as the operator would write it: whole days as {@code 365d}, else {@link #format}. */
    private static String bound(Duration d) {
        return d.toDaysPart() > 0 && d.equals(Duration.ofDays(d.toDays())) ? d.toDays() + "d" : format(d);
    }

    /** Formats {@code d} compactly: {@code 250ms}, {@code 2s}, {@code 1.5s}, {@code 5m}, {@code 1h30m}. */
    public static String format(Duration d) {
        Objects.requireNonNull(d, "d");
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms < 60_000) {
            return ms % 1000 == 0 ? (ms / 1000) + "s" : String.format(Locale.ROOT, "%.1fs", ms / 1000.0);
        }
        long s = ms / 1000;
        StringBuilder b = new StringBuilder();
        if (s >= 3600) {
            b.append(s / 3600).append('h');
            s %= 3600;
        }
        if (s >= 60) {
            b.append(s / 60).append('m');
            s %= 60;
        }
        if (s > 0) {
            b.append(s).append('s');
        }
        return b.toString();
    }
}
