package dev.animus.sdk;

import java.io.PrintStream;

/**
 * Human-readable lines on the plugin's stderr, which the host keeps as a tail for error messages
 * and never parses. Each line starts with the plugin name so that interleaved tails stay readable.
 * Thread-safe ({@link PrintStream} locks per line).
 */
final class Diagnostics {

    private static final int EXCERPT_CHARS = 120;

    private final PrintStream err;
    private final String prefix;

    Diagnostics(PrintStream err, String pluginName) {
        this.err = err;
        this.prefix = "[" + pluginName + "] ";
    }

    void warn(String message) {
        err.println(prefix + message);
    }

    void warn(String message, Throwable cause) {
        err.println(prefix + message);
        cause.printStackTrace(err);
    }

    /** The start of {@code text}, on one line, for a log message about it. */
    static String excerpt(String text) {
        String flat = text.replaceAll("\\p{Cntrl}", "?");
        return flat.length() <= EXCERPT_CHARS ? flat : flat.substring(0, EXCERPT_CHARS) + "...";
    }
}
