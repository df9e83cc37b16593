package dev.animus.core;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/** The start of a log query: an RFC 3339 time, or a duration back from now ({@code 10m}, {@code 1h}). */
public final class LogSince {
    /** The accepted forms, for an error message. */
    public static final String FORMS =
            "an RFC 3339 time (2026-12-02T10:00:00Z) or a duration back from now (30s, 10m, 1h, 2d)";

    private LogSince() {}

    /**
     * The instant {@code text} names, a duration counted back from {@code now}.
     *
     * @throws IllegalArgumentException naming the text and {@link #FORMS}
     */
    public static Instant parse(String text, Instant now) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(now, "now");
        String t = text.strip();
        if (!t.isEmpty() && Character.isDigit(t.charAt(0)) && t.contains("-")) {
            try {
                return OffsetDateTime.parse(t).toInstant();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("invalid time '" + text + "': use " + FORMS);
            }
        }
        try {
            return now.minus(DurationText.parse(t));
        } catch (IllegalArgumentException | ArithmeticException | java.time.DateTimeException e) {
            throw new IllegalArgumentException("invalid time '" + text + "': use " + FORMS);
        }
    }
}
