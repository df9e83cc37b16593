package dev.animus.process;

import java.util.List;

/**
 * How a plugin process ended: its exit code ({@code 128 + n} when killed by signal {@code n}) and
 * the last lines it wrote on stderr, already redacted.
 */
public record ExitStatus(int code, List<String> stderrTail) {

    public ExitStatus {
        stderrTail = List.copyOf(stderrTail);
    }

    /** Whether the code says the process was ended by a signal. */
    public boolean signalled() {
        return code > 128 && code < 160;
    }

    /** The last stderr line, or empty text. */
    public String lastStderrLine() {
        return stderrTail.isEmpty() ? "" : stderrTail.getLast();
    }
}
