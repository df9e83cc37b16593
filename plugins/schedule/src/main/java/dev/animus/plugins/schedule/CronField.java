package dev.animus.plugins.schedule;

import java.util.List;
import java.util.Locale;

/** The five fields of a cron expression: their names, bounds and value names. */
enum CronField {
    MINUTE("minute", 0, 59, List.of()),
    HOUR("hour", 0, 23, List.of()),
    DAY_OF_MONTH("day-of-month", 1, 31, List.of()),
    MONTH("month", 1, 12, List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")),
    /** 0 and 7 are both Sunday. */
    DAY_OF_WEEK("day-of-week", 0, 7, List.of("sun", "mon", "tue", "wed", "thu", "fri", "sat"));

    final String label;
    final int min;
    final int max;
    private final List<String> names;

    CronField(String label, int min, int max, List<String> names) {
        this.label = label;
        this.min = min;
        this.max = max;
        this.names = names;
    }

    /** What the field takes, for error messages. */
    String allowed() {
        String values = min + "-" + max
                + switch (this) {
                    case MONTH -> " or jan-dec";
                    case DAY_OF_WEEK -> " (0 and 7 are Sunday) or sun-sat";
                    default -> "";
                };
        return values + "; *, lists a,b, ranges a-b, steps */n and a-b/n";
    }

    /** The value {@code text} names: a number, or a name of this field (any case). */
    int value(String text) {
        int i = names.indexOf(text.toLowerCase(Locale.ROOT));
        if (i >= 0) {
            return i + min;
        }
        if (text.isEmpty() || text.length() > 2 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new CronException(this, "'" + text + "' is not a value");
        }
        int v = Integer.parseInt(text);
        if (v < min || v > max) {
            throw new CronException(this, "'" + text + "' is out of range");
        }
        return v;
    }
}
