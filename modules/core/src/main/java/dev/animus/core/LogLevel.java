package dev.animus.core;

import java.util.Locale;
import java.util.Optional;

/**
 * How much a {@link LogEntry} matters, ordered from {@link #TRACE} (least) to {@link #ERROR}
 * (most): a filter by a minimum level keeps that level and every later one.
 */
public enum LogLevel {
    TRACE,
    DEBUG,
    INFO,
    WARN,
    ERROR;

    /** The wire word: {@code trace}, {@code debug}, {@code info}, {@code warn}, {@code error}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this level is {@code minimum} or more. */
    public boolean atLeast(LogLevel minimum) {
        return compareTo(minimum) >= 0;
    }

    /** The level a wire word names exactly (lower case), as a filter asks; empty for any other text. */
    public static Optional<LogLevel> ofWord(String word) {
        for (LogLevel l : values()) {
            if (l.word().equals(word)) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /**
     * The level a plugin's word means, case-insensitively: the five words, {@code warning} for
     * {@code warn}, {@code fatal} and {@code critical} for {@code error}; empty for any other word.
     */
    public static Optional<LogLevel> lenient(String word) {
        String w = word.strip().toLowerCase(Locale.ROOT);
        return switch (w) {
            case "warning" -> Optional.of(WARN);
            case "fatal", "critical" -> Optional.of(ERROR);
            default -> ofWord(w);
        };
    }

    /** The allowed words, for an error message: {@code trace, debug, info, warn, error}. */
    public static String words() {
        return "trace, debug, info, warn, error";
    }
}
