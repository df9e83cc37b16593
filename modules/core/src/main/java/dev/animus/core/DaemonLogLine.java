package dev.animus.core;

import java.util.Optional;

/**
 * One line of the daemon's own text log as slf4j-simple writes it with the shell's settings
 * ({@code LEVEL logger - message}, optionally after {@code [thread] } and a date): its level, its
 * logger (the target) and its message.
 *
 * @param level the line's level
 * @param target the logger's (short) name
 * @param message what follows {@code " - "}
 */
public record DaemonLogLine(LogLevel level, String target, String message) {

    /** The parts of {@code line}; empty for a line of another shape (a stack trace's). */
    public static Optional<DaemonLogLine> parse(String line) {
        String rest = line;
        if (rest.startsWith("[")) {
            int close = rest.indexOf("] ");
            if (close < 0) {
                return Optional.empty();
            }
            rest = rest.substring(close + 2);
        }
        for (LogLevel l : LogLevel.values()) {
            String word = l.name();
            int at = rest.indexOf(word + " ");
            if (at < 0 || (at > 0 && rest.charAt(at - 1) != ' ')) {
                continue;
            }
            String after = rest.substring(at + word.length() + 1);
            int dash = after.indexOf(" - ");
            if (dash <= 0 || after.substring(0, dash).contains(" ")) {
                continue;
            }
            return Optional.of(new DaemonLogLine(l, after.substring(0, dash), after.substring(dash + 3)));
        }
        return Optional.empty();
    }
}
