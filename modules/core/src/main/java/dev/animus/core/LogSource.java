package dev.animus.core;

import java.util.Locale;
import java.util.Optional;

/** Who wrote a {@link LogEntry}: the daemon itself, a plugin, a CLI process or a workflow run. */
public enum LogSource {
    DAEMON,
    PLUGIN,
    CLI,
    WORKFLOW;

    /** The wire word: {@code daemon}, {@code plugin}, {@code cli}, {@code workflow}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The source a wire word names exactly; empty for any other text. */
    public static Optional<LogSource> ofWord(String word) {
        for (LogSource s : values()) {
            if (s.word().equals(word)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The allowed words, for an error message. */
    public static String words() {
        return "daemon, plugin, cli, workflow";
    }
}
